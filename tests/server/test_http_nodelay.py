"""``serve --http`` answers without waiting for the client's delayed ACK (issue 28).

uvicorn serves the socket ``bind_listener`` made through asyncio, which sets TCP_NODELAY only on accepted
sockets whose ``proto`` says TCP. A listener made as ``socket(AF_INET, SOCK_STREAM)`` has proto 0, so
every answer (headers and body written apart) waited for the client's delayed ACK: about 40 ms a request,
4 s of a 100-page tools/list. Real sockets, real asyncio server, as uvicorn runs it.
"""

from __future__ import annotations

import asyncio
import socket

from mcpforge.cli._listen import bind_listener


async def _accepted_nodelay(listener: socket.socket) -> int:
    accepted: asyncio.Future[int] = asyncio.get_running_loop().create_future()

    async def on_connection(_reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        accepted.set_result(
            writer.get_extra_info("socket").getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
        )
        writer.close()

    server = await asyncio.start_server(on_connection, sock=listener)  # as uvicorn's create_server(sock=)
    async with server:
        _reader, writer = await asyncio.open_connection(*listener.getsockname()[:2])
        try:
            return await asyncio.wait_for(accepted, 10)
        finally:
            writer.close()


def test_connections_accepted_on_the_serve_listener_have_tcp_nodelay() -> None:
    listener = bind_listener("127.0.0.1", 0, option="--http")
    assert listener.proto == socket.IPPROTO_TCP
    assert asyncio.run(_accepted_nodelay(listener)) != 0
