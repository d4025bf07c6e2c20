// zlib's stream and the inflate functions the native transport resolves at run time with dlsym,
// so that Courier builds where zlib's development headers are not installed. The layout is
// zlib's own z_stream (unchanged since zlib 1.0); inflateInit2_ checks it against the size
// passed to it, so a mismatch is refused rather than misread.
#ifndef COURIER_ZLIB_H
#define COURIER_ZLIB_H

typedef struct courier_z_stream {
    const unsigned char *next_in;
    unsigned int avail_in;
    unsigned long total_in;
    unsigned char *next_out;
    unsigned int avail_out;
    unsigned long total_out;
    const char *msg;
    void *state;
    void *zalloc;
    void *zfree;
    void *opaque;
    int data_type;
    unsigned long adler;
    unsigned long reserved;
} courier_z_stream;

typedef const char *(*courier_zlibVersion_fn)(void);
typedef int (*courier_inflateInit2__fn)(courier_z_stream *stream, int windowBits, const char *version,
                                         int streamSize);
typedef int (*courier_inflate_fn)(courier_z_stream *stream, int flush);
typedef int (*courier_inflateReset_fn)(courier_z_stream *stream);
typedef int (*courier_inflateEnd_fn)(courier_z_stream *stream);

#endif
