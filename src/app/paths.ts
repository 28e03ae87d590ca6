/** Fixed paths the code refers to by name. Menu pages are in the route table (routes.tsx). */
export const LOGIN_PATH = '/login';
export const REGISTER_PATH = '/register';
export const RESET_PASSWORD_PATH = '/modify-password';
export const HOME_PATH = '/dashboard';
export const UNAUTHORIZED_PATH = '/error/401';
export const NOT_FOUND_PATH = '/404';
