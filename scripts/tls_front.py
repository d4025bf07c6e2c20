#!/usr/bin/env python3
"""Courier TLS front: https://localhost:PORT in front of a plain-HTTP test server.

Python 3 standard library only (`ssl` with memory BIOs), a thread per connection.  It
terminates TLS and pipes the bytes, unchanged, to the backend over a raw TCP connection, so
every behaviour of the backend (the hostile server's trickles, early answers, resets, extra
responses) reaches the client as it would over plain HTTP:

- the backend's FIN becomes close_notify, then a FIN to the client (the client may keep
  sending: a half-close stays a half-close);
- the client's close_notify or FIN becomes a FIN to the backend;
- a reset on either side resets the other (after the bytes already received are passed on);
- neither direction buffers more than LIMIT bytes, so a slow reader slows the writer.

    python3 scripts/tls_front.py --cert CERT --key KEY --listen PORT --backend PORT
"""

import argparse
import select
import signal
import socket
import ssl
import struct
import sys
import threading
import weakref

LIMIT = 256 * 1024
CHUNK = 64 * 1024
LINGER_AFTER_CLOSE = 30.0  # seconds a client may take to close once the backend has closed


IN = select.POLLIN | select.POLLHUP | select.POLLERR
OUT = select.POLLOUT | select.POLLHUP | select.POLLERR  # a send then says what went wrong


def watch(poller: select.poll, sock: socket.socket, events: int) -> None:
    """Polls `sock` for `events`, or not at all when there are none (a hung-up socket would
    otherwise report POLLHUP on every poll)."""
    if events:
        poller.register(sock, events)
    else:
        try:
            poller.unregister(sock)
        except KeyError:
            pass


def reset(sock: socket.socket | None) -> None:
    """Closes with SO_LINGER 0: the peer gets a reset, as it would from the other side."""
    if sock is None:
        return
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    except OSError:
        pass
    sock.close()


class Finished(Exception):
    """The connection ended, with nothing to report."""


class Pipe:
    def __init__(self, client: socket.socket, backend_port: int, context: ssl.SSLContext) -> None:
        self.client = client
        self.backend: socket.socket | None = None
        self.backend_port = backend_port
        self.incoming = ssl.MemoryBIO()
        self.outgoing = ssl.MemoryBIO()
        self.tls = context.wrap_bio(self.incoming, self.outgoing, server_side=True)
        self.handshaken = False
        self.to_client = bytearray()  # TLS records for the client
        self.to_backend = bytearray()  # plaintext for the backend
        self.client_done = False  # the client sent close_notify or FIN
        self.backend_done = False  # the backend sent FIN
        self.backend_shut = False  # FIN sent to the backend
        self.client_shut = False  # close_notify and FIN sent to the client
        self.backend_reset = False  # the backend reset: pass on what came, then reset the client
        self.backend_dead = False  # writing to the backend failed: what the client sends is dropped

    def run(self) -> None:
        try:
            self.loop()
        except Finished:
            pass
        except Exception as error:  # noqa: BLE001 (a pipe must never take the process down)
            print(f"tls_front: connection ended: {type(error).__name__}: {error}", file=sys.stderr, flush=True)
            reset(self.client)
            reset(self.backend)

    def loop(self) -> None:
        self.client.setblocking(False)
        poller = select.poll()
        while True:
            if self.backend_reset and not self.to_client:
                reset(self.client)
                self.backend.close()
                return
            if self.client_done and self.backend_done and not self.to_client and not self.to_backend:
                self.client.close()
                self.backend.close()
                return
            client_events = 0
            if not self.client_done and len(self.to_backend) < LIMIT:
                client_events |= select.POLLIN
            if self.to_client:
                client_events |= select.POLLOUT
            watch(poller, self.client, client_events)
            if self.backend is not None:
                backend_events = 0
                if not self.backend_done and not self.backend_reset and len(self.to_client) < LIMIT:
                    backend_events |= select.POLLIN
                if self.to_backend:
                    backend_events |= select.POLLOUT
                watch(poller, self.backend, backend_events)
            waiting_for_close = self.client_shut or self.backend_reset
            events = poller.poll(LINGER_AFTER_CLOSE * 1000 if waiting_for_close else None)
            if not events and waiting_for_close:
                self.client_done = True  # the client kept the connection open: give up on it
                self.to_client.clear()
                self.to_backend.clear()
                continue
            for fd, event in events:
                if fd == self.client.fileno():
                    self.on_client(event)
                elif self.backend is not None and fd == self.backend.fileno():
                    self.on_backend(event)

    def on_client(self, event: int) -> None:
        if event & IN and not self.client_done:
            try:
                data = self.client.recv(CHUNK)
            except (ConnectionResetError, ConnectionAbortedError):
                reset(self.backend)
                raise ConnectionResetError("the client reset the connection") from None
            except BlockingIOError:
                data = None
            if data == b"":
                self.incoming.write_eof()
            elif data:
                self.incoming.write(data)
            self.pump_from_client()
        if event & OUT and self.to_client:
            try:
                sent = self.client.send(self.to_client)
            except BlockingIOError:
                sent = 0
            except (BrokenPipeError, ConnectionResetError):
                reset(self.backend)
                raise ConnectionResetError("the client went away") from None
            del self.to_client[:sent]
            self.shut_client_when_flushed()

    def pump_from_client(self) -> None:
        if not self.handshaken:
            try:
                self.tls.do_handshake()
            except ssl.SSLWantReadError:
                self.flush_tls()
                return
            except ssl.SSLEOFError:
                self.client.close()  # the client left during the handshake (a port probe)
                raise Finished() from None
            except ssl.SSLError:
                self.flush_tls()
                self.client.setblocking(True)
                self.client.sendall(self.to_client)  # the alert, so the client learns why
                raise
            self.handshaken = True
            self.backend = socket.create_connection(("127.0.0.1", self.backend_port))
            self.backend.setblocking(False)
        while True:
            try:
                data = self.tls.read(CHUNK)
            except ssl.SSLWantReadError:
                break
            except (ssl.SSLZeroReturnError, ssl.SSLEOFError):
                data = b""
            if not data:
                # close_notify (an SSLObject reads it as b""), or a FIN without it: to the
                # backend, the same FIN.
                self.client_done = True
                break
            self.to_backend += data
        self.flush_tls()
        self.shut_backend_when_flushed()

    def on_backend(self, event: int) -> None:
        if event & IN and not self.backend_done:
            try:
                data = self.backend.recv(CHUNK)
            except (ConnectionResetError, ConnectionAbortedError):
                self.backend_reset = True
                return
            except BlockingIOError:
                return
            if data:
                self.tls.write(data)
            else:
                self.backend_done = True
                try:
                    self.tls.unwrap()  # writes close_notify; the client's own is not waited for
                except (ssl.SSLWantReadError, ssl.SSLError):
                    pass
            self.flush_tls()
            self.shut_client_when_flushed()
        if event & OUT and self.to_backend:
            try:
                sent = self.backend.send(self.to_backend)
            except BlockingIOError:
                sent = 0
            except (BrokenPipeError, ConnectionResetError):
                # As over plain TCP: what the client still sends is lost; what the backend said
                # before it went is still read and passed on.
                self.backend_dead = True
                self.to_backend.clear()
                sent = 0
            del self.to_backend[:sent]
            self.shut_backend_when_flushed()

    def flush_tls(self) -> None:
        self.to_client += self.outgoing.read()

    def shut_backend_when_flushed(self) -> None:
        if self.client_done and not self.to_backend and not self.backend_shut and self.backend is not None:
            self.backend_shut = True
            try:
                self.backend.shutdown(socket.SHUT_WR)
            except OSError:
                pass
        if self.backend_dead:
            self.to_backend.clear()

    def shut_client_when_flushed(self) -> None:
        if self.backend_done and not self.to_client and not self.client_shut:
            self.client_shut = True
            try:
                self.client.shutdown(socket.SHUT_WR)
            except OSError:
                pass


PIPES: "weakref.WeakSet[Pipe]" = weakref.WeakSet()


def dump_pipes(*_: object) -> None:
    """On SIGUSR1: each open connection's state, to find where a stalled call waits."""
    for pipe in list(PIPES):
        print(f"tls_front: pipe handshaken={pipe.handshaken} to_client={len(pipe.to_client)}"
              f" to_backend={len(pipe.to_backend)} client_done={pipe.client_done} backend_done={pipe.backend_done}"
              f" client_shut={pipe.client_shut} backend_shut={pipe.backend_shut} reset={pipe.backend_reset}"
              f" pending={pipe.tls.pending()}", file=sys.stderr, flush=True)


def serve(listener: socket.socket, backend_port: int, context: ssl.SSLContext) -> None:
    while True:
        client, _ = listener.accept()
        client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        pipe = Pipe(client, backend_port, context)
        PIPES.add(pipe)
        threading.Thread(target=pipe.run, daemon=True).start()


def main() -> None:
    parser = argparse.ArgumentParser(description="Courier TLS front (see the module docstring).")
    parser.add_argument("--cert", required=True)
    parser.add_argument("--key", required=True)
    parser.add_argument("--listen", type=int, required=True, help="the HTTPS port (127.0.0.1, and ::1 if free)")
    parser.add_argument("--backend", type=int, required=True, help="the plain-HTTP port on 127.0.0.1")
    arguments = parser.parse_args()
    signal.signal(signal.SIGUSR1, dump_pipes)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(arguments.cert, arguments.key)
    context.set_alpn_protocols(["http/1.1"])
    listeners = [socket.create_server(("127.0.0.1", arguments.listen), backlog=512)]
    try:
        listeners.append(socket.create_server(("::1", arguments.listen), family=socket.AF_INET6, backlog=512))
    except OSError:
        pass  # no IPv6 loopback, or the port is taken there: localhost is 127.0.0.1 then
    for listener in listeners[1:]:
        threading.Thread(target=serve, args=(listener, arguments.backend, context), daemon=True).start()
    print(f"tls_front: https://localhost:{arguments.listen} -> http://127.0.0.1:{arguments.backend}",
          file=sys.stderr, flush=True)
    serve(listeners[0], arguments.backend, context)


if __name__ == "__main__":
    main()
