import { describe, expect, it } from 'vitest';
import { wirePassword } from './demo.ts';
import { hashPassword, verifyPassword } from './password.ts';

describe('password hashes', () => {
  it('are salted scrypt and verify only the right password', async () => {
    const wire = wirePassword('demo1234');
    const a = await hashPassword(wire);
    const b = await hashPassword(wire);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain(wire);
    expect(await verifyPassword(wire, a)).toBe(true);
    expect(await verifyPassword(wire.toLowerCase(), a)).toBe(true);
    expect(await verifyPassword(wirePassword('demo12345'), a)).toBe(false);
  });

  it('refuse stored values that are not scrypt hashes', async () => {
    const wire = wirePassword('x');
    for (const stored of ['', wire, 'scrypt$a$b$c$d$e', 'bcrypt$1$2$3$4$5', 'scrypt$16384$8$1$salt']) {
      expect(await verifyPassword(wire, stored), stored).toBe(false);
    }
  });

  it('arrive in the wire form of the spec: upper-case hex MD5', () => {
    // `printf demo1234 | md5sum`
    expect(wirePassword('demo1234')).toBe('6E9BECE1914809FB8493146417E722F6');
  });
});
