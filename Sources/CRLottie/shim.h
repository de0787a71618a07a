// rlottie's C API (Debian librlottie-dev installs it at /usr/include/rlottie_capi.h).
#include <rlottie_capi.h>
