/* For the tests of the rules alone (FERRY_DISPATCH=model), whose stand-in
 * runtime has no events: the measurement's calls, each of which fails the
 * test if made; and the thread's capture mode, which the dispatch relaxes
 * around its own queries of a device (restored after: a launch that leaves
 * it changed fails the test). */
#include <stdio.h>
#include <stdlib.h>

static int unexpected(const char *call) {
  printf("UNEXPECTED %s\n", call);
  exit(1);
}
int cudaEventCreateWithFlags(void **event, unsigned flags) { (void)event, (void)flags; return unexpected("cudaEventCreateWithFlags"); }
int cudaEventDestroy(void *event) { (void)event; return unexpected("cudaEventDestroy"); }
int cudaEventRecord(void *event, void *stream) { (void)event, (void)stream; return unexpected("cudaEventRecord"); }
int cudaEventRecord_ptsz(void *event, void *stream) { (void)event, (void)stream; return unexpected("cudaEventRecord_ptsz"); }
int cudaEventElapsedTime(float *ms, void *start, void *end) { (void)ms, (void)start, (void)end; return unexpected("cudaEventElapsedTime"); }
int cudaStreamIsCapturing(void *stream, int *status) { (void)stream, (void)status; return unexpected("cudaStreamIsCapturing"); }
int cudaStreamIsCapturing_ptsz(void *stream, int *status) { (void)stream, (void)status; return unexpected("cudaStreamIsCapturing_ptsz"); }
int cudaEventQuery(void *event) { (void)event; return unexpected("cudaEventQuery"); }

static _Thread_local int capture_mode; /* cudaStreamCaptureModeGlobal: 0 */
int cudaThreadExchangeStreamCaptureMode(int *mode) {
  int previous = capture_mode;
  capture_mode = *mode;
  *mode = previous;
  return 0;
}
static __attribute__((unused)) void check_capture_mode(const char *what) {
  if (capture_mode != 0)
    printf("FAIL %s: the thread's capture mode is left at %d\n", what, capture_mode);
}
