/**
 * The app's organisation cache (see orgStore.ts), wired to the app's API client and to the
 * session: it is emptied whenever the signed-in user changes, and renaming the root
 * department refreshes the session, whose login result carries the company name.
 */
import { subscribe } from 'valtio';
import { childUserApi, departmentApi, roleApi, staffApi, userApi } from '../api';
import { createOrgStore } from './orgStore';
import { session, setSessionUser } from './session';

export const org = createOrgStore(
  { departments: departmentApi, staff: staffApi, childUsers: childUserApi, roles: roleApi },
  {
    onCompanyRenamed: (name) => {
      const user = session.user;
      if (!user) return;
      // Show the new name at once; then take the server's login result as the truth.
      setSessionUser({ ...user, CompanyName: name });
      void userApi.current().then((result) => {
        if (result.ok && session.user?.loginID === user.loginID) {
          setSessionUser({ ...result.data, loginID: result.data.loginID || user.loginID });
        }
      });
    },
  },
);

export const orgState = org.state;

let owner = session.user?.loginID ?? null;
subscribe(session, () => {
  const current = session.user?.loginID ?? null;
  if (current === owner) return;
  owner = current;
  org.reset();
});
