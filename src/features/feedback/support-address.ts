/** Where feedback emails go. Change it here to route feedback elsewhere (see the README). */
export const SUPPORT_EMAIL = 'support@pngtogif.app';
