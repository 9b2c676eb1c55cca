import { CheckCodeBody, RequestCodeBody } from '@atrium/contracts';
import { zodResolver } from '@hookform/resolvers/zod';

// The login forms' rules are the API's own. This module, with zod, loads apart from the login page
// (see lazyResolver).

export const emailResolver = zodResolver(RequestCodeBody);

/** The form holds only the code; the e-mail comes from the first step. */
export const codeResolver = zodResolver(CheckCodeBody.pick({ otp: true }));
