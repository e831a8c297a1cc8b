// A reverse proxy that sends its upstream's own name as Host, as nginx does unless told
// `proxy_set_header Host $host`: the app then cannot tell the page's address from the request.
import http from "node:http";
import net from "node:net";

export interface Proxy {
  url: string;
  close(): Promise<void>;
}

export async function startHostRewritingProxy(upstream: URL): Promise<Proxy> {
  const sockets = new Set<net.Socket>();
  const server = http.createServer((request, response) => {
    const forwarded = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: upstream.host },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on("error", () => response.destroy());
    request.pipe(forwarded);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.on("upgrade", (request, client, head) => {
    const target = net.connect(Number(upstream.port), upstream.hostname, () => {
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (let i = 0; i < request.rawHeaders.length; i += 2) {
        const name = request.rawHeaders[i] ?? "";
        lines.push(`${name}: ${name.toLowerCase() === "host" ? upstream.host : request.rawHeaders[i + 1]}`);
      }
      target.write(`${lines.join("\r\n")}\r\n\r\n`);
      target.write(head);
      target.pipe(client);
      client.pipe(target);
    });
    target.on("error", () => client.destroy());
    client.on("error", () => target.destroy());
    sockets.add(target);
    target.on("close", () => sockets.delete(target));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
