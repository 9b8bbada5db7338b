// glibc's allocator controls (<malloc.h>: malloc_trim, mallopt, mallinfo2),
// which the Glibc module does not bring in. Nothing elsewhere.
#ifdef __linux__
#include <malloc.h>
#endif
