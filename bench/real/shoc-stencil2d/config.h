// What SHOC's configure writes into config.h and its Matrix2D.h needs: the
// C99 restrict keyword under its C++ name.
#define restrict __restrict
