import { ERRORS } from '@dastak/core/messages';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { unauthorized } from '../../lib/http-errors';

/** What an access token carries: enough to authorise a request without a database read. */
export interface AuthUser {
  id: number;
  email: string;
  userType: number;
  permissions: string[];
}

export interface TokenService {
  signAccess(user: AuthUser): Promise<string>;
  /** Throws 401 'jwt expired' for an expired token (the console refreshes on exactly that). */
  verifyAccess(token: string): Promise<AuthUser>;
}

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async signAccess(user) {
      return new SignJWT({ email: user.email, typ: user.userType, perms: user.permissions })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key);
    },
    async verifyAccess(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        return {
          id: Number(payload.sub),
          email: String(payload.email),
          userType: Number(payload.typ),
          permissions: Array.isArray(payload.perms) ? payload.perms.map(String) : [],
        };
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired) throw unauthorized(ERRORS.JWT_EXPIRED);
        throw unauthorized(ERRORS.INVALID_TOKEN);
      }
    },
  };
}
