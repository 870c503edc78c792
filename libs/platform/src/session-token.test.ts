import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { sessionTokenOf } from './session-token';

const token = 'Abc_def-0123456789abcdefghijklmnopqrstuvwxy';

function contextWith(headers: Record<string, string>) {
  const req = new IncomingMessage(new Socket());
  Object.assign(req.headers, headers);
  return new Koa().createContext(req, new ServerResponse(req));
}

describe('sessionTokenOf', () => {
  it('when a bearer token is sent, then it wins over the cookie', () => {
    expect(sessionTokenOf(contextWith({ authorization: 'Bearer abc', cookie: `session=${token}` }))).toEqual({
      token: 'abc',
      viaCookie: false,
    });
  });

  it('when only the session cookie is sent, then it is used and marked as a cookie', () => {
    expect(sessionTokenOf(contextWith({ cookie: `theme=dark; session=${token}` }))).toEqual({ token, viaCookie: true });
  });

  it('when the __Host- cookie of an HTTPS site is sent, then it wins over a plain one planted beside it', () => {
    expect(sessionTokenOf(contextWith({ cookie: `session=planted; __Host-session=${token}` }))).toEqual({ token, viaCookie: true });
  });

  it('when neither is sent, then there is no token', () => {
    expect(sessionTokenOf(contextWith({ cookie: 'sessionx=1' }))).toEqual({ token: null, viaCookie: false });
    expect(sessionTokenOf(contextWith({}))).toEqual({ token: null, viaCookie: false });
  });

  it.each([
    ['a lone percent sign', 'session=%'],
    ['a broken escape', 'session=%E0%A4%A'],
    ['an encoded value', 'session=def%3D'],
    ['a quoted empty value', 'session="'],
    ['an empty value', 'session='],
    ['a huge value', `session=${'a'.repeat(8_000)}`],
    ['spaces and odd characters', 'session=a b<c>'],
  ])('when the cookie holds %s, then it counts as no session (and nothing throws)', (_, cookie) => {
    expect(sessionTokenOf(contextWith({ cookie }))).toEqual({ token: null, viaCookie: false });
  });

  it('when the cookie is sent twice, then the first one is used', () => {
    expect(sessionTokenOf(contextWith({ cookie: `session=${token}; session=other` }))).toEqual({ token, viaCookie: true });
  });
});
