"""An MCP SDK client connected to `mcpforge serve` (stdio): list the networkx tools, ask a shortest path."""
import sys

import anyio
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client


async def main() -> None:
    params = StdioServerParameters(command="/work/wt/convert/.venv/bin/mcpforge", args=["serve", *sys.argv[2:]],
                                   cwd=sys.argv[1])
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        tools = (await session.list_tools()).tools
        nx = sorted(t.name for t in tools if t.name.startswith("networkx_"))
        print(f"{len(tools)} tools listed, {len(nx)} from networkx:", ", ".join(nx[:12]), "...")
        edges = [[1, 2], [2, 3], [3, 4], [1, 5], [5, 4]]
        graph = await session.call_tool("networkx_Graph", {"incoming_graph_data": edges})
        handle = graph.structured_content["result"]["handle"]
        print("networkx_Graph ->", graph.structured_content["result"])
        path = await session.call_tool("networkx_shortest_path", {"G": handle, "source": 1, "target": 4})
        print("networkx_shortest_path(G, 1, 4) ->", path.structured_content["result"], "isError:", path.is_error)
        freed = await session.call_tool("networkx_release", {"handle": handle})
        print("networkx_release ->", freed.structured_content["result"])


anyio.run(main)
