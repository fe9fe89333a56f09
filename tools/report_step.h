/* ferry-cc --report: compile, keeping the device halves' optimization
 * records, then summarise them with ferry-report. */
#ifndef FERRY_TOOLS_REPORT_STEP_H
#define FERRY_TOOLS_REPORT_STEP_H

#include "argument_list.h"
#include "install_layout.h"
#include "nvcc_flags.h"

/* Runs the clang command in args (ferry's flags already added) with the
 * records asked for, then ferry-report; returns the exit status. */
int compile_and_report(struct argument_list *args, const struct command_line *line,
                       const struct install_layout *layout);

#endif
