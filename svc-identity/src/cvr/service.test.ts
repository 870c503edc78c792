import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isValidCvr, messages } from '@fragtbud/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startIdentity, type StartedIdentity } from '../test-harness';
import { localRegisterNumbers } from './local-register';

/** A local stand-in for cvrapi.dk and for Erhvervsstyrelsen's distribution; it records what it was asked. */
function startFakeRegister() {
  const requests: Array<{ url: string; headers: IncomingMessage['headers']; body: string }> = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      requests.push({ url: req.url ?? '', headers: req.headers, body });
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/api?search=12345674')) {
        res.end(JSON.stringify({ vat: 12345674, name: 'Fragt Test ApS', address: 'Havnegade 1', zipcode: '8000', city: 'Aarhus C', enddate: null }));
      } else if (req.url?.startsWith('/api?search=')) {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: 'NOT_FOUND' }));
      } else if (req.url === '/cvr-permanent/virksomhed/_search') {
        const wanted = JSON.parse(body).query.term['Vrvirksomhed.cvrNummer'];
        const hits =
          wanted === 12345674
            ? [
                {
                  _source: {
                    Vrvirksomhed: {
                      cvrNummer: 12345674,
                      virksomhedMetadata: {
                        nyesteNavn: { navn: 'Fragt Virk A/S' },
                        nyesteBeliggenhedsadresse: { vejnavn: 'Kongevejen', husnummerFra: 12, postnummer: 2800, postdistrikt: 'Kongens Lyngby' },
                        sammensatStatus: 'NORMAL',
                      },
                    },
                  },
                },
              ]
            : [];
        res.end(JSON.stringify({ hits: { total: hits.length, hits } }));
      } else {
        res.statusCode = 500;
        res.end('{}');
      }
    });
  });
  return new Promise<{ url: string; requests: typeof requests; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

let fake: Awaited<ReturnType<typeof startFakeRegister>>;
let none: StartedIdentity;

beforeAll(async () => {
  fake = await startFakeRegister();
  none = await startIdentity();
});
afterAll(async () => {
  await none?.close();
  await fake?.close();
});

describe('CVR numbers', () => {
  it('when a number has 8 digits, then the modulus-11 check decides', () => {
    expect(isValidCvr('12345674')).toBe(true);
    expect(isValidCvr('12345678')).toBe(false);
    expect(isValidCvr('1234567')).toBe(false);
  });
});

describe('GET /cvr/{number} with CVR_PROVIDER=none', () => {
  it('when the number is well-formed, then 404 Kunne ikke finde CVR-nummer', async () => {
    const { token } = await registerUser(none);
    const reply = await none.call('GET', '/cvr/12345674', { session: token });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ code: 'cvr_not_found', message: 'Kunne ikke finde CVR-nummer' });
  });

  it('when the number is not 8 digits, then 400; anonymous callers 401', async () => {
    const { token } = await registerUser(none);
    const reply = await none.call('GET', '/cvr/1234', { session: token });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(messages.cvrInvalid);
    expect((await none.call('GET', '/cvr/12345674')).status).toBe(401);
  });
});

describe('GET /cvr/{number} with CVR_PROVIDER=local (npm start)', () => {
  it('when the number is one of the companies kept in the code, then its name and address come back; any other → 404', async () => {
    const identity = await startIdentity({ CVR_PROVIDER: 'local' });
    try {
      const { token } = await registerUser(identity);
      const found = await identity.call('GET', '/cvr/24256790', { session: token });
      expect(found.status).toBe(200);
      expect(found.body).toEqual({ cvrNumber: '24256790', name: 'Novo Nordisk A/S', address: 'Novo Allé 1', postalCode: '2880', city: 'Bagsværd', status: 'Aktiv' });
      expect((await identity.call('GET', '/cvr/54562519', { session: token })).body.name).toBe('LEGO A/S');
      const unknown = await identity.call('GET', '/cvr/12345674', { session: token });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ code: 'cvr_not_found', message: 'Kunne ikke finde CVR-nummer' });
    } finally {
      await identity.close();
    }
  });

  it('when its numbers are checked, then every one is a valid CVR number (8 digits, modulus 11)', () => {
    expect(localRegisterNumbers.length).toBeGreaterThanOrEqual(5);
    for (const number of localRegisterNumbers) expect(isValidCvr(number), number).toBe(true);
  });

  it('when a carrier looks up their own number there, then the profile says CVR verificeret', async () => {
    const identity = await startIdentity({ CVR_PROVIDER: 'local' });
    try {
      const { user, token } = await registerUser(identity, { role: 'carrier' });
      await identity.db('users').where({ id: user.id }).update({ cvr_number: '58233528' });
      expect((await identity.call('GET', '/cvr/58233528', { session: token })).body.name).toBe('DSV A/S');
      expect((await identity.db('users').where({ id: user.id }).first()).cvr_verified_number).toBe('58233528');
    } finally {
      await identity.close();
    }
  });
});

describe('GET /cvr/{number} with CVR_PROVIDER=cvrapi', () => {
  it('when the register knows the company, then its name and address come back; unknown → 404; a bad check digit never asks', async () => {
    const identity = await startIdentity({ CVR_PROVIDER: 'cvrapi', CVR_BASE_URL: fake.url, CVR_USER_AGENT: 'Fragtbud test' });
    try {
      const { token } = await registerUser(identity);
      const found = await identity.call('GET', '/cvr/12345674', { session: token });
      expect(found.status).toBe(200);
      expect(found.body).toEqual({
        cvrNumber: '12345674',
        name: 'Fragt Test ApS',
        address: 'Havnegade 1',
        postalCode: '8000',
        city: 'Aarhus C',
        status: 'Aktiv',
      });
      const asked = fake.requests.find((request) => request.url.startsWith('/api?search=12345674'));
      expect(asked?.headers['user-agent']).toBe('Fragtbud test');
      // A valid number the register does not know.
      expect((await identity.call('GET', '/cvr/87654303', { session: token })).status).toBe(404);
      expect(fake.requests.some((request) => request.url.startsWith('/api?search=87654303'))).toBe(true);
      const before = fake.requests.length;
      expect((await identity.call('GET', '/cvr/12345678', { session: token })).status).toBe(404);
      expect(fake.requests.length).toBe(before);
      // Cached: a second lookup does not ask again.
      await identity.call('GET', '/cvr/12345674', { session: token });
      expect(fake.requests.length).toBe(before);
    } finally {
      await identity.close();
    }
  });

  it('when the register cannot be reached, then 503 with a Danish message', async () => {
    const identity = await startIdentity({ CVR_PROVIDER: 'cvrapi', CVR_BASE_URL: 'http://127.0.0.1:9', CVR_TIMEOUT_MS: '500' });
    try {
      const { token } = await registerUser(identity);
      const reply = await identity.call('GET', '/cvr/12345674', { session: token });
      expect(reply.status).toBe(503);
      expect(reply.body).toEqual({ code: 'cvr_unavailable', message: messages.cvrLookupUnavailable });
    } finally {
      await identity.close();
    }
  });
});

describe('GET /cvr/{number} with CVR_PROVIDER=virk', () => {
  it('when the distribution knows the company, then it is read from Vrvirksomhed with basic auth', async () => {
    const identity = await startIdentity({ CVR_PROVIDER: 'virk', CVR_BASE_URL: fake.url, CVR_USERNAME: 'bruger', CVR_PASSWORD: 'hemmelig' });
    try {
      const { token } = await registerUser(identity);
      const found = await identity.call('GET', '/cvr/12345674', { session: token });
      expect(found.status).toBe(200);
      expect(found.body).toEqual({
        cvrNumber: '12345674',
        name: 'Fragt Virk A/S',
        address: 'Kongevejen 12',
        postalCode: '2800',
        city: 'Kongens Lyngby',
        status: 'NORMAL',
      });
      const asked = fake.requests.find((request) => request.url === '/cvr-permanent/virksomhed/_search');
      expect(asked?.headers.authorization).toBe(`Basic ${Buffer.from('bruger:hemmelig').toString('base64')}`);
    } finally {
      await identity.close();
    }
  });

  it('when virk is chosen without credentials, then the configuration is refused', async () => {
    await expect(startIdentity({ CVR_PROVIDER: 'virk' })).rejects.toThrow(/CVR_USERNAME/);
  });
});
