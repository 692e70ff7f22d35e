import type { FastifyInstance } from 'fastify';

/**
 * Every method + path the router holds (HEAD included, which Fastify adds beside each GET), as
 * `GET /v1/cci/{cci_code}/export/{id}`: read from the router itself (`printRoutes`), so routes the
 * OpenAPI document hides are listed too. printRoutes draws the radix tree, one node a line, indented
 * four characters a level; a node's path is its ancestors' labels joined, its methods in brackets.
 */
export function registeredRoutes(app: FastifyInstance): string[] {
  const labels: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    labels.length = depth;
    labels.push(match[2]);
    if (!match[3]) continue;
    const path = labels.join('').replace(/:(\w+)/g, '{$1}');
    for (const method of match[3].split(', ')) routes.push(`${method} ${path}`);
  }
  return routes;
}
