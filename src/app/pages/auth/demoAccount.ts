/** The seeded demo account (server seed), offered on the login page. */
export const DEMO_ACCOUNT = { account: 'demo@assetmark.local', password: 'demo1234' } as const;
