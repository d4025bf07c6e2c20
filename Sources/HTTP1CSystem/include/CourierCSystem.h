// The Linux system headers Swift's Glibc module leaves out, for the native HTTP/1.1 transport:
// epoll (the event loop) and eventfd (waking it); and the declarations of the libraries it loads
// at run time (zlib, OpenSSL). Empty of system headers on other systems.
#ifndef COURIER_C_SYSTEM_H
#define COURIER_C_SYSTEM_H

#if defined(__linux__)
#include <sys/epoll.h>
#include <sys/eventfd.h>
#endif

#include "CourierZlib.h"
#include "CourierOpenSSL.h"

#endif
