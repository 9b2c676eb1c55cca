import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler, wireSchema } from '../src/lib/response-serializer';
import { registerErrorHandler } from '../src/plugins/errors';

/** An app with one route answering `data` under `schema`, serialized as buildApp does. */
async function answerOf(schema: z.ZodType, data: unknown, checked: boolean) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ checked }));
  registerErrorHandler(app);
  app.get('/answer', { schema: { response: { 200: schema } } }, async () => data as never);
  const response = await app.inject({ method: 'GET', url: '/answer' });
  await app.close();
  return { status: response.statusCode, body: response.body };
}

const Person = z.object({
  id: z.number(),
  name: z.string(),
  nickname: z.string().nullable(),
  role: z.enum(['hr', 'employee']),
  private_email: z.string().optional(),
  tags: z.array(z.object({ id: z.number(), label: z.string() })),
});
const person = {
  id: 7,
  name: 'Ann "Nan" O\'Neil\n',
  nickname: null,
  role: 'hr',
  tags: [{ id: 1, label: 'é ✓' }],
};

describe('answers written from the JSON Schema of their zod schema', () => {
  it('writes the document the zod serializer wrote', async () => {
    for (const checked of [false, true]) {
      const { status, body } = await answerOf(Person, person, checked);
      expect(status).toBe(200);
      expect(JSON.parse(body)).toEqual(z.encode(Person, person as never));
    }
  });

  it('writes an optional field only when it is there', async () => {
    const { body } = await answerOf(Person, { ...person, private_email: 'ann@home.test' }, false);
    expect(JSON.parse(body).private_email).toBe('ann@home.test');
    expect(JSON.parse((await answerOf(Person, person, false)).body)).not.toHaveProperty('private_email');
  });

  it('never writes a field its schema does not declare, at any depth', async () => {
    const leaky = {
      ...person,
      password_hash: 'secret',
      tags: [{ id: 1, label: 'x', internal_note: 'secret' }],
    };
    for (const checked of [false, true]) {
      const { status, body } = await answerOf(Person, leaky, checked);
      expect(status).toBe(200);
      expect(body).not.toContain('secret');
    }
  });

  it('fails the request, with no partial answer, when a required field is missing', async () => {
    const { id: _id, ...withoutId } = person;
    for (const checked of [false, true]) {
      const { status, body } = await answerOf(Person, withoutId, checked);
      expect(status).toBe(500);
      expect(JSON.parse(body)).toEqual({ error: 'Internal server error.' });
    }
  });

  it('checked, refuses what the zod schema refuses though JSON Schema would write it', async () => {
    const wrongRole = { ...person, role: 'owner' };
    expect((await answerOf(Person, wrongRole, false)).status).toBe(200);
    const checked = await answerOf(Person, wrongRole, true);
    expect(checked.status).toBe(500);
    expect(JSON.parse(checked.body)).toEqual({ error: 'Internal server error.' });
  });
});

describe('the schemas JSON Schema cannot write', () => {
  const isoDate = z.codec(z.iso.datetime(), z.date(), {
    decode: (text) => new Date(text),
    encode: (date) => date.toISOString(),
  });

  it('are a transform or a codec anywhere in the schema', () => {
    expect(wireSchema(Person)).not.toBeNull();
    expect(wireSchema(z.object({ at: isoDate }))).toBeNull();
    expect(wireSchema(z.object({ list: z.array(z.object({ at: isoDate })) }))).toBeNull();
    expect(wireSchema(z.object({ n: z.string().transform((text) => text.length) }))).toBeNull();
    expect(wireSchema(z.object({ email: z.string().pipe(z.email()) }))).toBeNull();
  });

  it('keep the zod serializer, which encodes a codec', async () => {
    const Stamp = z.object({ at: isoDate });
    for (const checked of [false, true]) {
      const { status, body } = await answerOf(Stamp, { at: new Date('2026-11-29T10:00:00Z') }, checked);
      expect(status).toBe(200);
      expect(JSON.parse(body)).toEqual({ at: '2026-11-29T10:00:00.000Z' });
    }
  });
});
