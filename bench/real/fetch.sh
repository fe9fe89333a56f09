#!/usr/bin/env bash
# Checks out every repository of bench/real/repos.txt at its pinned commit,
# into SRC/owner/name (outside the repository: no public code is kept in it):
#
#   bash bench/real/fetch.sh SRC [MIRROR]
#
# Each repository is cloned from https://github.com/owner/name, or, when
# MIRROR is given, from a local copy: MIRROR/owner+name/repo or
# MIRROR/owner/name (a bare or a working git repository holding the commit),
# for a machine without network. An existing checkout is fetched into (from
# the same place) only when it lacks the commit. Only the commit's files are
# checked out; a file the copy lacks (a large data file left out of a
# mirror) is skipped with a note, as the drivers use sources only.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
src="${1:?usage: fetch.sh SRC [MIRROR]}"
mirror="${2:-}"
mkdir -p "$src"
while read -r repo commit _; do
  case "$repo" in "" | "#"*) continue ;; esac
  origin="https://github.com/$repo"
  if [ -n "$mirror" ]; then
    if [ -d "$mirror/${repo/\//+}/repo" ]; then origin="$mirror/${repo/\//+}/repo"
    elif [ -d "$mirror/$repo" ]; then origin="$mirror/$repo"
    else echo "fetch: no copy of $repo under $mirror" >&2; exit 1
    fi
  fi
  dest="$src/$repo"
  if [ ! -d "$dest/.git" ]; then
    mkdir -p "$(dirname "$dest")"
    git clone -q --no-checkout "$origin" "$dest"
  fi
  if ! git -C "$dest" cat-file -e "$commit^{commit}" 2>/dev/null; then
    git -C "$dest" fetch -q "$origin" "$commit" || git -C "$dest" fetch -q "$origin"
  fi
  if ! git -C "$dest" -c advice.detachedHead=false checkout -q --force "$commit" 2>/dev/null; then
    # A mirror without some blobs: check out every file it holds.
    git -C "$dest" update-ref --no-deref HEAD "$commit"
    git -C "$dest" ls-tree -r --name-only "$commit" | while IFS= read -r f; do
      git -C "$dest" checkout -q "$commit" -- "$f" 2>/dev/null || echo "fetch: $repo: $f is not in the copy, skipped"
    done | sort | uniq -c | awk '{ n += $1 } END { if (n) print "fetch: " n " files not in the copy, skipped" }'
  fi
  echo "fetch: $repo at $(git -C "$dest" rev-parse --short HEAD)"
done < "$here/repos.txt"
