"""httpbin for scripts/test: the same app, told that requests on one of its ports came over HTTPS.

gunicorn binds httpbin to two loopback ports; scripts/tls_front.py terminates TLS for the
second one (COURIER_HTTPBIN_BEHIND_TLS_PORT) and pipes the bytes there unchanged.  A byte pipe
cannot add X-Forwarded-Proto, so without this httpbin would build its absolute URLs
(/absolute-redirect/N) as http:// ones on the HTTPS port.

    gunicorn --pythonpath scripts -b 127.0.0.1:PLAIN -b 127.0.0.1:BEHIND_TLS httpbin_https:app
"""

import os

from httpbin import app as httpbin

BEHIND_TLS_PORT = os.environ.get("COURIER_HTTPBIN_BEHIND_TLS_PORT", "")


def app(environ, start_response):
    # gunicorn sets SERVER_PORT to the port of the listener that accepted the connection.
    if BEHIND_TLS_PORT and environ.get("SERVER_PORT") == BEHIND_TLS_PORT:
        environ["wsgi.url_scheme"] = "https"
    return httpbin(environ, start_response)
