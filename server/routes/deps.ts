import type { Config } from '../config.ts';
import type { AccountsDeps } from '../modules/accounts/service.ts';

/** What route modules get from createApp: the services' dependencies plus configuration. */
export interface RouteDeps extends AccountsDeps {
  config: Config;
}
