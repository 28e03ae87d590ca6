import type { Lang } from '../errors.ts';
import type { Actor } from '../modules/access/service.ts';
import type { Session } from '../modules/sessions/service.ts';

/** Per-request values set by the middleware in app.ts and http/auth.ts. */
export interface AppEnv {
  Variables: {
    lang: Lang;
    /** Set by requireSession. */
    session: Session;
    /** Set by requireActor (modules/access/guards.ts): who is asking, for authorization. */
    actor: Actor;
    /** The raw session token of the request, when it carried one. */
    token: string;
    /** The parsed JSON body, memoised (http/body.ts). */
    jsonBody: unknown;
  };
}
