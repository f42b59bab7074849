import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { z } from 'zod';
import { AppError, anyEnvelopeSchema, contractRoutes, isPublic, type RouteDescriptor } from '@checkup/api-contract';
import { currentUser } from '../app/current-user.js';

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}

function operationOf(route: RouteDescriptor) {
  const input = jsonSchema(route.input);
  const envelope = {
    ...jsonSchema(anyEnvelopeSchema),
    properties: { status: { type: 'integer' }, msg: { type: 'string' }, data: jsonSchema(route.output) },
  };
  const properties = (input.properties ?? {}) as Record<string, unknown>;
  const required = new Set((input.required ?? []) as string[]);
  return {
    summary: route.summary,
    tags: [route.path.split('/')[3] ?? 'api'],
    security: isPublic(route) ? [] : [{ session: [] }],
    // Who may call it (issue 17 §1): public, signed-in, or the screens and permissions that open it.
    'x-access': route.access,
    ...(route.method === 'GET'
      ? {
          parameters: Object.entries(properties).map(([name, schema]) => ({
            name,
            in: 'query',
            required: required.has(name),
            schema,
          })),
        }
      : { requestBody: { content: { 'application/x-www-form-urlencoded': { schema: input } } } }),
    responses: {
      200: { description: '{status, data, msg} 信封', content: { 'application/json': { schema: envelope } } },
    },
  };
}

/** /docs and /docs/json list every call and who may make it: for an administrator only (issue 17 §1). */
async function administratorOnly(app: FastifyInstance, request: FastifyRequest) {
  const user = await currentUser(app, request);
  if (!user.role_menu.includes('*')) throw new AppError('FORBIDDEN');
}

/** OpenAPI generated from the zod contract, served at /docs; open to all only with DOCS_PUBLIC=true. */
export const docsPlugin = fp(async (app: FastifyInstance, opts: { public: boolean }) => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of contractRoutes) {
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operationOf(route) };
  }
  await app.register(swagger, {
    mode: 'static',
    specification: {
      document: {
        openapi: '3.1.0',
        info: { title: '体检管理系统接口', version: '0.1.0', description: '经网关 (BFF) 访问的 /manager/api 接口' },
        components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'checkup_sid' } } },
        paths,
      },
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiHooks: opts.public ? undefined : { onRequest: async (request) => administratorOnly(app, request) },
  });
});
