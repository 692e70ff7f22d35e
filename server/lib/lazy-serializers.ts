import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

/**
 * Fastify's own response serializers (fast-json-stringify, the same options and shared schemas),
 * each built on its route's first response instead of at start-up. Built eagerly, every route's
 * serializer loads all ~160 named components (server/schemas/components.ts) into its own resolver:
 * 92 % of an app's start, 4–6 s on the 2-core machine, paid by every API process and by every test
 * app (issue 31; profile in bench/results/ci.md), for routes most processes answer rarely or never.
 */
export function lazySerializers(): SerializerFactory {
  const fastifyDefault = SerializerSelector();
  return (externalSchemas, options) => {
    const compile = fastifyDefault(externalSchemas, options);
    return (route) => {
      let serialize: ((doc: unknown) => string) | undefined;
      return (doc) => (serialize ??= compile(route))(doc);
    };
  };
}
