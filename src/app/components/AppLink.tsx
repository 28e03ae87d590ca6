import type { ReactNode } from 'react';
import { Link } from '@fluentui/react-components';
import { useHref, useLinkClickHandler } from 'react-router';

/** A Fluent link that navigates inside the app (a real href, so ctrl-click opens a tab). */
export function AppLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Link as="a" className={className} href={href} onClick={navigate}>
      {children}
    </Link>
  );
}
