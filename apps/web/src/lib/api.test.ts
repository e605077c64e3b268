import { profileEndpoints, sessionEndpoints, settingsEndpoints, signInEndpoints } from '@croupier/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, authApi, authPaged, authRequest, call, isSessionRejection, setAuthBridge } from './api';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('authenticated requests', () => {
  const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
  const onUnauthorized = vi.fn();
  let token: string | undefined;

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    token = 'jwt-1';
    setAuthBridge({ getToken: async () => token, onUnauthorized });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    onUnauthorized.mockReset();
    setAuthBridge(undefined);
  });

  const headersOf = (call = 0) => (fetchMock.mock.calls[call]?.[1].headers ?? {}) as Record<string, string>;

  it('attaches the (refreshed) token as a Bearer header, with no credentials', async () => {
    let refreshed = false;
    setAuthBridge({
      getToken: async () => {
        refreshed = true; // the session refreshes an expiring token before the call
        return 'jwt-2';
      },
      onUnauthorized,
    });
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: { id: 'p1' } }));
    await expect(authApi.get('/api/player/profile')).resolves.toEqual({ id: 'p1' });
    expect(refreshed).toBe(true);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/player/profile');
    expect(headersOf().authorization).toBe('Bearer jwt-2');
    expect(fetchMock.mock.calls[0]?.[1].credentials).toBe('omit');
  });

  it.each([401, 403])('a %i drops the session (sign-in opens) and still rejects', async (status) => {
    fetchMock.mockResolvedValueOnce(jsonResponse(status, { error: { code: 1002, message: 'no' } }));
    const error = await authRequest('GET', '/api/player/profile').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(status);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith(error);
  });

  it('other errors (422, 500, network) leave the session alone', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(422, { error: { code: 1001, message: 'bad', fields: { email: ['Invalid'] } } }),
    );
    await expect(authApi.put('/api/player/profile', { email: 'x' })).rejects.toMatchObject({
      status: 422,
      fields: { email: ['Invalid'] },
    });
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { error: { code: 1500, message: 'oops' } }));
    await expect(authApi.post('/api/player/sessions/logout')).rejects.toMatchObject({ status: 500 });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(authApi.delete('/api/x')).rejects.toBeInstanceOf(TypeError);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('a guest call (no token) that gets 401 does not sign anybody out', async () => {
    token = undefined;
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { error: { code: 1002, message: 'no' } }));
    await expect(authRequest('POST', '/api/player/otp/send', { body: {} })).rejects.toMatchObject({ status: 401 });
    expect(headersOf().authorization).toBeUndefined();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('the plain path never calls the session', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { error: { code: 1002, message: 'no' } }));
    await expect(apiRequest('POST', '/api/player/sessions', { body: {} })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('authPaged keeps the pagination meta, sends bracket arrays and ends the session on 401', async () => {
    const meta = { page: 2, perPage: 10, totalPages: 3, totalRows: 25 };
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: [{ id: 'i1' }], meta }));
    await expect(authPaged('/api/payment/invoices', { page: 2, type: [2] })).resolves.toEqual({
      data: [{ id: 'i1' }],
      meta,
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/payment/invoices?page=2&type[]=2');
    expect(headersOf().authorization).toBe('Bearer jwt-1');

    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: [{ id: 'a' }, { id: 'b' }] }));
    await expect(authPaged('/api/list')).resolves.toEqual({
      data: [{ id: 'a' }, { id: 'b' }],
      meta: { page: 1, perPage: 2, totalPages: 1, totalRows: 2 },
    });

    fetchMock.mockResolvedValueOnce(jsonResponse(401, { error: { code: 1001, message: 'expired' } }));
    await expect(authPaged('/api/list')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('call() sends the session token to player endpoints only', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: { id: 'p1' } }));
    await call(profileEndpoints.getProfile);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/player/profile');
    expect(headersOf(0).authorization).toBe('Bearer jwt-1');

    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: [] }));
    await call(settingsEndpoints.listCurrencies, { query: { visible: '1' } });
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/settings/currencies?visible=1');
    expect(headersOf(1).authorization).toBeUndefined();
  });

  it("call() with a token sends that one and leaves the session alone (the session's own refresh)", async () => {
    const getToken = vi.fn(async () => 'jwt-current');
    setAuthBridge({ getToken, onUnauthorized });
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { error: { code: 1002, message: 'replayed' } }));
    await expect(call(sessionEndpoints.refresh, { token: 'jwt-old' })).rejects.toMatchObject({ status: 401 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/player/sessions/refresh');
    expect(headersOf().authorization).toBe('Bearer jwt-old');
    expect(getToken).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('call() sends cookies only when asked for, and fills path params', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: { sessionId: 's1' } }));
    await call(sessionEndpoints.closeSession, { params: { sessionId: 'a/b' } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/player/sessions/a%2Fb/close');
    expect(fetchMock.mock.calls[0]?.[1].credentials).toBe('omit');

    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: { accessToken: 't' } }));
    await call(signInEndpoints.socialSignIn, {
      query: { code: 'c1', state: '{}' },
      body: { connection: 'google-oauth2' },
      credentials: 'same-origin',
    });
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/player/sessions/social?code=c1&state=%7B%7D');
    expect(fetchMock.mock.calls[1]?.[1].credentials).toBe('same-origin');
    expect(headersOf(1).authorization).toBeUndefined();
  });

  it('an error answer that is not JSON is reported by its status', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    await expect(call(settingsEndpoints.constants)).rejects.toMatchObject({ status: 502, code: 0 });
  });

  it('recognises session rejections', () => {
    expect(isSessionRejection(new ApiError(401, 1, ''))).toBe(true);
    expect(isSessionRejection(new ApiError(403, 1, ''))).toBe(true);
    expect(isSessionRejection(new ApiError(404, 1, ''))).toBe(false);
    expect(isSessionRejection(new Error('401'))).toBe(false);
  });
});
