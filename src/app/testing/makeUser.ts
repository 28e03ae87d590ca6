import type { LoginResult } from '../../api/contract';

/** A login result for tests: a plain non-admin with no permissions unless overridden. */
export function makeUser(overrides: Partial<LoginResult> = {}): LoginResult {
  return {
    Id: 1,
    loginID: 't',
    CompanyName: 'ACME',
    StaffName: null,
    staffId: null,
    PhoneNumber: null,
    Email: 'a@b.co',
    templateUserId: null,
    IsAdmin: false,
    IsVip: false,
    IsDemo: false,
    authorizationType: 'All',
    authorizedDepts: [],
    permissions: [],
    expiresAt: '2030-01-01T00:00:00Z',
    ...overrides,
  };
}
