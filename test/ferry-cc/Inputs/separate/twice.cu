// The device function main.cu's kernel calls (separate compilation).
__device__ int twice(int x) { return 2 * x; }
