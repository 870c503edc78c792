import { describe, expect, it } from 'vitest';
import { sessionTokenOf } from './sessions';

describe('sessionTokenOf', () => {
  it('when a bearer token is sent, then it wins over the cookie', () => {
    expect(sessionTokenOf({ authorization: 'Bearer abc', cookie: 'session=def' })).toEqual({ token: 'abc', viaCookie: false });
  });

  it('when only the session cookie is sent, then it is used and marked as a cookie', () => {
    expect(sessionTokenOf({ cookie: 'theme=dark; session=def%3D' })).toEqual({ token: 'def=', viaCookie: true });
  });

  it('when neither is sent, then there is no token', () => {
    expect(sessionTokenOf({ cookie: 'sessionx=1' })).toEqual({ token: null, viaCookie: false });
  });
});
