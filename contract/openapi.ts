/**
 * Generated from the API's document (/api/openapi.json) by openapi-typescript: do not edit.
 * `npm run openapi:types` writes it again; `npm test` fails while it differs from the document.
 */

export interface paths {
    "/api/v1/auth/logout/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log this device out: its session ends, refresh and access tokens alike
         * @description Ends the session of the bearer token and, when it is this account's, the session of the refresh token sent (the same one, from the app). A session already ended, or a refresh token that is no longer good, is answered 204 too (RFC 7009): the app may forget its tokens whatever the answer.
         */
        post: operations["logOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/logout/everywhere/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log out every device: every session of the account ends, access tokens included
         * @description Links sent by mail (a password reset asked for, say) still work: they reach only the mailbox.
         */
        post: operations["logOutEverywhere"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sessions/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's live sessions, one per device logged in, the asking one `current`
         * @description Sessions not ended and used within the refresh token's 7 days: the asking one first, then the most recently used, 100 at most.
         */
        get: operations["listSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sessions/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * End one session of the account (another device, or this one)
         * @description Its refresh token stops working at once, and so do its access tokens. Ending the session of the token sent logs this device out.
         */
        delete: operations["endSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/password/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the password: a new pair for this device, every other session ends
         * @description Every session ends, this one too, and this device gets a new pair in a new session; links sent by mail before stop working, and "Your password was changed" is mailed to the address. Limited as a login is, and counted with it.
         */
        post: operations["changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/signup/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a student account
         * @description Sending the same email and password again within ten minutes of the account (a second press, a retry after a lost answer) is answered 201 again. An address that another account's way back (undoEmailChange) can still give back is answered as a taken one. A browser's sign-up sets an HttpOnly cookie naming the account for a day, which correctSignupEmail and resendSignupLink read.
         */
        post: operations["signUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/login/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log in with email and password (for the mobile app)
         * @description Starts a session on this device: an access token (15 minutes) and a refresh token (7 days) to exchange with refreshSession. A wrong password and an unknown address get the same 401. Attempts are limited per client and per address.
         */
        post: operations["logIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/refresh/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange a refresh token for a new pair (the old one stops working)
         * @description Refresh tokens rotate: each works once, and the pair it returns replaces it. The token rotated just before the current one, sent again within seconds (a retry after a lost answer), gets the same pair again; any older one ends the whole session. An access token is refused here.
         */
        post: operations["refreshSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/me/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The logged-in student
         * @description The account of the access token: its name, address, invite code, whether the address is confirmed and a parent's permission. Refused as soon as the session ends or the password changes.
         */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/verify-email/resend/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a new link to confirm an account's email (the same answer for any address)
         * @description Queues "Confirm your email" with a new link (48 hours, once) when an account with this address is waiting to be confirmed; earlier links stop working. Any other address gets the same 202 after the same work, so the answer tells nobody which addresses have accounts.
         */
        post: operations["resendEmailVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/password-reset/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a link to choose a new password (the same answer for any address)
         * @description Queues "Reset your password" with a link (30 minutes, once) when an account uses this address; earlier reset links stop working. Any other address gets the same 202 after the same work. Use the link's token with confirmPasswordReset.
         */
        post: operations["requestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/your-data/link/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a link to see, download, correct or delete the account's data (the same answer for any address)
         * @description Queues "Your data at YSP" with a link (30 minutes, once) when an account uses this address: holding the mailbox is the proof of identity. Any other address gets nothing, and the same 202 after the same work. Use the link's token with openYourData.
         */
        post: operations["requestYourDataLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/verify-email/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm an account's email with the token from its link
         * @description The first confirmation of an address ends every session of the account issued before it: the app logs in again.
         */
        post: operations["verifyEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/password-reset/confirm/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Choose a new password with the token from its link; every session of the account ends
         * @description Sets the password with the token of "Reset your password" (once). Every session, token and unused link of the account ends, and the address is told by mail. Log in again with logIn.
         */
        post: operations["confirmPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/google/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log in, or sign up, with the ID token of the app's Google sign-in
         * @description Answers 404 on a server without Google sign-in. The token must be signed by a key Google publishes now, issued by Google, for one of the app's client ids (GOOGLE_APP_CLIENT_IDS), and unexpired. A Google account already known logs in to its account, whatever its address is now. A new one, when Google vouches for the address (gmail.com, or a Workspace address) and accept_terms is true, makes an account with no password, its address confirmed, named as Google names the person; when the names rule refuses Google's names, the call is refused with name_refused, and the student's own first_name and last_name, sent with the next call, are used instead. An account already on the address is never linked by the address alone: if its address is confirmed, nothing changes and its mailbox is sent a link that adds this Google account (google_link_sent); if nobody ever confirmed it, Google's proof of the mailbox wins: its password is removed, its sessions, links and pending changes end, the address is told, and this call logs in to it.
         */
        post: operations["logInWithGoogle"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/email-change/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask to change the login address: a link goes to the new one
         * @description The account is the bearer token's; without one (the /change-email page's form), the one `email` logs in with, checked with the password as a login is. A link to confirm goes to `new_email` and works once, for 48 hours; until it is used the account logs in with its address as before. An address another account has gets the same 202, and that account's owner is told instead; so does an address another account's way back (undoEmailChange) can still give back, and nobody is told. One change is pending per account: a new request ends the last one's link. Limited as a login is, and counted with it; once the password is right, also per client and new address, as the requests that send a link are (a wrong password spends nothing of the new address's allowance).
         */
        post: operations["requestEmailChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/email-change/confirm/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make the new address the login, with the token from the link mailed to it
         * @description The address is counted as confirmed; every session ends (the app logs in again with the new address); unused links sent to the old address stop working. The old address, if it was confirmed, is mailed a link that puts it back (undoEmailChange), and until that link is used or runs out no other account may sign up with the old address or change to it. An address another account has taken since the request, or another account's way back holds, is refused with email_taken, and the link still works once the address is free.
         */
        post: operations["confirmEmailChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/email-change/undo/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Put the old address back, with the token from the link mailed to it
         * @description Every session, link and pending request of the account ends; the password stops logging in, so no change of address can be asked for either, and a link to choose a new password goes to the old address: whoever changed it knew the password. Only that reset or another undo ends the reset link. An account made on the old address since, never confirmed, is deleted. A later change or a new password does not end this link; only its own use, its 7 days, or another undo do. While a confirmed account has the address, the undo is refused with email_taken and its link still works.
         */
        post: operations["undoEmailChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/refresh/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange a refresh token for a new pair (the old one stops working)
         * @description The same exchange as refreshSession, at the address the site's own pages use.
         */
        post: operations["refreshSessionAtSite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/your-data/open/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open the link from "Your data": a token that manages the account's data for 30 minutes
         * @description Exchanges the token of "Your data at YSP" (once) for a data token, good for 30 minutes and for the operations on one's data only: downloadYourData, correctName, stopMarketing, deleteAccount.
         */
        post: operations["openYourData"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/your-data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Everything held about the account, as JSON (a download)
         * @description Every record held about the account, section by section, as a JSON attachment: what the Privacy Policy says a person may see.
         */
        get: operations["downloadYourData"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/your-data/name/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Correct the account's first and last name
         * @description The names rule of the sign-up applies. The app shows the new name at its next getMe.
         */
        post: operations["correctName"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/your-data/stop-marketing/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stop the newsletter and every other marketing email to the account's address
         * @description Withdraws consent to marketing mail, and records the withdrawal. Mail about the account itself (links, notices) still comes.
         */
        post: operations["stopMarketing"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/your-data/google/remove/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn Google sign-in off: only the email and password log in afterwards
         * @description Unlinks every Google account that logs in to this one; sessions already open stay open. An account with no password (made with Continue with Google) is refused with password_required: it would have no way in. An account with no Google sign-in gets the same 200.
         */
        post: operations["removeGoogleSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/your-data/guardian-request/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask a parent or guardian for permission, by email (one request pending at a time)
         * @description At most 3 requests per account in any 24 hours; past that, 429 with Retry-After and a sentence saying when the student may ask again.
         */
        post: operations["askGuardian"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/your-data/delete/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete the account and all its data now (confirm: "DELETE"); every token stops working
         * @description Erases the account and its records at once, table by table. Every token, session and link stops working, and the address gets one last message saying so.
         */
        post: operations["deleteAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/guardian-consent/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A parent's or guardian's answer to a student's request: give permission, or refuse
         * @description A refusal is recorded at once: ask the parent to confirm it first, as the site's page does, since it deletes the account and its data after 30 days unless permission is given before then.
         *
         *     A link answers once while it is new (for 14 days, until a newer request replaces it). After a refusal, the same link may still give permission, even past those 14 days, for as long as the account lasts: a new consent record that ends the pending erasure. Any other second answer is link_used.
         */
        post: operations["answerGuardianRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/signup/email/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Put right the address of the account this browser has just made
         * @description For a day after signUp, and only until the address is confirmed: the account is the one the browser's sign-up cookie names, checked with its password as a login is (limited and counted with the logins of its address). `new_email` becomes the login at once; every session, link and pending parent's request of the account ends, the links still queued to the old address are withdrawn, and "Confirm your email" goes to the new address. The old address is told nothing. An address another account has, or that another account's way back (undoEmailChange) holds, is refused with email_taken, as signUp refuses it. The account's own address again changes nothing and sends nothing, and is answered 200. A confirmed address cannot be corrected: requestEmailChange changes it.
         */
        post: operations["correctSignupEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/newsletter/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask for the newsletter: a confirmation link is sent to an address not yet subscribed
         * @description Nothing but the confirmation is sent until its link is used (confirmNewsletter). Asked for the first time: 201. Asked again before confirming: 200, with a new link. Already subscribed: 200, and no mail.
         */
        post: operations["subscribeToNewsletter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/newsletter/confirm/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm a newsletter subscription with the token from its link
         * @description Confirms the subscription with the token of "Confirm your subscription": from then on the address gets the newsletter, until it unsubscribes with the link every newsletter carries.
         */
        post: operations["confirmNewsletter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/newsletter/unsubscribe/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unsubscribe with the token of a newsletter message's link (works every time)
         * @description A good token is never refused for volume: only refused tokens count against the client's address, and past its limit they are answered 429.
         */
        post: operations["unsubscribeFromNewsletter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description invalid: A field breaks one of its rules; `attr` names it and `detail` says which.
         *     invalid_type: A field is missing or is not of its type (a string, say).
         *     invalid_value: A field is not one of the values it takes.
         *     invalid_format: A field is not in its format.
         *     too_small: A field is too short or too small.
         *     too_big: A field is too long or too large.
         *     parse_error: The body is empty or not valid JSON.
         *     bad_request: The request could not be understood (its Content-Length, say).
         *     cookie_twice: The request carried one of the site's cookies twice; neither is used.
         *     email_taken: An account with this email already exists.
         *     invalid_referral_code: No student has this invite code.
         *     guardian_email_own: The parent's address is the student's own.
         *     link_expired: The mailed link's token has expired.
         *     link_used: The mailed link's token has been used.
         *     link_replaced: A newer link was sent; only the newest works.
         *     link_invalid: The token is not one of ours.
         *     authentication_failed: The email or the password is wrong.
         *     google_token_refused: The Google ID token is malformed, expired, signed by a key Google no longer publishes, or for another client or issuer.
         *     terms_required: A new account needs accept_terms: true.
         *     password_required: The account has no password, so its Google sign-in is its only way in: choose a password first (requestPasswordReset).
         *     google_link_sent: An account already has the address, so nothing is linked: its mailbox was sent a link that adds this Google account to it (once, within 48 hours).
         *     email_unverified: Google does not vouch for the address (email_verified false, or an address Google is not authoritative for).
         *     name_refused: The name Google gave breaks the names rule: ask the student for one and send it as first_name and last_name.
         *     wrong_password: The account's password, given to prove the request is the student's, is wrong.
         *     same_email: The new address is already the account's.
         *     email_confirmed: The account's address is confirmed, so it cannot be corrected: change it with requestEmailChange.
         *     session_not_found: The account has no session with this id (another account's is unknown too).
         *     token_not_valid: The refresh token has expired, was used, or was ended; log in again.
         *     not_authenticated: No valid token came with a request that needs one.
         *     payload_too_large: The body is larger than the API reads.
         *     unsupported_media_type: The body is not sent as application/json.
         *     throttled: Too many requests; wait for the seconds in Retry-After.
         *     service_busy: Too many passwords are being checked; wait for Retry-After.
         *     database_unavailable: The database cannot be reached or is too slow; wait for Retry-After.
         *     server_stopping: This instance is restarting; try again (Retry-After).
         *     request_timeout: The request took longer to arrive than the server waits (REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS); send it again.
         *     server_error: Something failed on the server's side.
         *     not_found: No such address in the API.
         *     method_not_allowed: The address takes another method.
         * @enum {string}
         */
        ApiErrorCode: "invalid" | "invalid_type" | "invalid_value" | "invalid_format" | "too_small" | "too_big" | "parse_error" | "bad_request" | "cookie_twice" | "email_taken" | "invalid_referral_code" | "guardian_email_own" | "link_expired" | "link_used" | "link_replaced" | "link_invalid" | "authentication_failed" | "google_token_refused" | "terms_required" | "password_required" | "google_link_sent" | "email_unverified" | "name_refused" | "wrong_password" | "same_email" | "email_confirmed" | "session_not_found" | "token_not_valid" | "not_authenticated" | "payload_too_large" | "unsupported_media_type" | "throttled" | "service_busy" | "database_unavailable" | "server_stopping" | "request_timeout" | "server_error" | "not_found" | "method_not_allowed";
        /** @enum {string} */
        ApiErrorType: "validation_error" | "client_error" | "server_error";
        ApiErrorItem: {
            code: components["schemas"]["ApiErrorCode"];
            detail: string;
            attr: string | null;
        };
        TokenPair: {
            access: string;
            refresh: string;
        };
        User: {
            /** Format: uuid */
            id: string;
            email: string;
            first_name: string;
            last_name: string;
            /** @enum {string} */
            user_type: "STUDENT";
            referral_code: string;
            email_verified: boolean;
            /** @enum {string} */
            guardian_consent: "granted" | "refused" | "pending" | "none";
        };
        LoginAnswer: {
            access: string;
            refresh: string;
            user: components["schemas"]["User"];
        };
        Session: {
            /** Format: uuid */
            id: string;
            device: string | null;
            /** @enum {string} */
            via: "password" | "google";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            last_used_at: string;
            current: boolean;
        };
        SessionList: {
            sessions: components["schemas"]["Session"][];
        };
        Message: {
            message: string;
        };
        DataAccess: {
            access: string;
            expires_in: number;
        };
        YourData: {
            /** Format: date-time */
            exported_at: string;
            account: components["schemas"]["YourDataAccount"];
            referrals: components["schemas"]["YourDataReferrals"];
            signed_up_from: {
                utm_source: string | null;
                utm_medium: string | null;
                utm_campaign: string | null;
                referrer: string | null;
            };
            sessions: components["schemas"]["YourDataSession"][];
            links_sent_by_email: components["schemas"]["YourDataLink"][];
            emails: components["schemas"]["YourDataEmail"][];
            consent_records: components["schemas"]["YourDataConsent"][];
            guardian_requests: components["schemas"]["YourDataGuardianRequest"][];
            newsletter: components["schemas"]["YourDataNewsletter"][];
            data_requests: components["schemas"]["YourDataRequest"][];
            sign_in_providers: components["schemas"]["YourDataSignInProvider"][];
            staff_looks: components["schemas"]["YourDataStaffLook"][];
        };
        YourDataAccount: {
            /** Format: uuid */
            id: string;
            email: string;
            first_name: string;
            last_name: string;
            /** @enum {string} */
            user_type: "STUDENT";
            referral_code: string;
            invited_by_another_student: boolean;
            /** Format: date-time */
            created_at: string;
            email_confirmed_at: string | null;
        };
        YourDataReferrals: {
            students_invited: number;
        };
        YourDataSession: {
            /** Format: date-time */
            created_at: string;
            last_refreshed_at: string | null;
            ended_at: string | null;
            /** @enum {string} */
            via: "password" | "google";
            device_name: string | null;
            device: string | null;
        };
        YourDataLink: {
            purpose: string;
            email: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            expires_at: string;
            used_at: string | null;
            replaced_at: string | null;
        };
        YourDataEmail: {
            kind: string;
            /** Format: date-time */
            queued_at: string;
            sent_at: string | null;
            failed_at: string | null;
        };
        YourDataConsent: {
            kind: string;
            /** Format: date-time */
            at: string;
            terms_version: string | null;
            privacy_version: string | null;
            source_page: string | null;
            guardian_name: string | null;
            guardian_relationship: string | null;
        };
        YourDataGuardianRequest: {
            guardian_email: string;
            /** Format: date-time */
            sent_at: string;
            /** Format: date-time */
            expires_at: string;
            replaced_at: string | null;
            answered_at: string | null;
        };
        YourDataNewsletter: {
            email: string;
            /** Format: date-time */
            asked_at: string;
            from_page: string | null;
            confirmed_at: string | null;
            unsubscribed_at: string | null;
        };
        YourDataRequest: {
            kind: string;
            /** Format: date-time */
            asked_at: string;
            done_at: string | null;
            outcome: string | null;
        };
        YourDataSignInProvider: {
            issuer: string;
            subject: string;
            email: string;
            /** Format: date-time */
            linked_at: string;
        };
        YourDataStaffLook: {
            /** Format: date-time */
            at: string;
            reason: string;
        };
        PayloadTooLarge: {
            type: components["schemas"]["ApiErrorType"];
            errors: ({
                /** @enum {string} */
                code?: "payload_too_large";
            } & components["schemas"]["ApiErrorItem"])[];
        };
        UnsupportedMediaType: {
            type: components["schemas"]["ApiErrorType"];
            errors: ({
                /** @enum {string} */
                code?: "unsupported_media_type";
            } & components["schemas"]["ApiErrorItem"])[];
        };
        Throttled: {
            type: components["schemas"]["ApiErrorType"];
            errors: ({
                /** @enum {string} */
                code?: "throttled";
            } & components["schemas"]["ApiErrorItem"])[];
        };
        ServerError: {
            type: components["schemas"]["ApiErrorType"];
            errors: ({
                /** @enum {string} */
                code?: "server_error";
            } & components["schemas"]["ApiErrorItem"])[];
        };
        Unavailable: {
            type: components["schemas"]["ApiErrorType"];
            errors: ({
                /** @enum {string} */
                code?: "database_unavailable" | "server_stopping";
            } & components["schemas"]["ApiErrorItem"])[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    logOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The refresh token last given by logIn or refreshSession. */
                    refresh: string;
                };
            };
        };
        responses: {
            /** @description Logged out */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request was refused as it is; `errors` says why, field by field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "invalid" | "invalid_type" | "invalid_value" | "invalid_format" | "too_small" | "too_big" | "parse_error" | "bad_request";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description No valid credentials came with the request. */
            401: {
                headers: {
                    /** @description What the request must bring: `Bearer realm="YSP"`, with `error="invalid_token"` when the token it brought was refused. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "not_authenticated";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaType"];
                };
            };
            /** @description Something failed on the server's side. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerError"];
                };
            };
            /** @description The service cannot answer for now; send the request again after Retry-After. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    logOutEverywhere: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every session has ended */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credentials came with the request. */
            401: {
                headers: {
                    /** @description What the request must bring: `Bearer realm="YSP"`, with `error="invalid_token"` when the token it brought was refused. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "not_authenticated";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description Something failed on the server's side. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerError"];
                };
            };
            /** @description The service cannot answer for now; send the request again after Retry-After. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    listSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The asking session first, then the most recently used */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionList"];
                };
            };
            /** @description No valid credentials came with the request. */
            401: {
                headers: {
                    /** @description What the request must bring: `Bearer realm="YSP"`, with `error="invalid_token"` when the token it brought was refused. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "not_authenticated";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description Something failed on the server's side. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerError"];
                };
            };
            /** @description The service cannot answer for now; send the request again after Retry-After. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    endSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The session's id, from listSessions */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session has ended (or had already) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid credentials came with the request. */
            401: {
                headers: {
                    /** @description What the request must bring: `Bearer realm="YSP"`, with `error="invalid_token"` when the token it brought was refused. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "not_authenticated";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description The account has nothing at this address. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "session_not_found";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description Something failed on the server's side. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerError"];
                };
            };
            /** @description The service cannot answer for now; send the request again after Retry-After. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The password, as typed. */
                    current_password: string;
                    /** @description 8 to 128 characters, counted as sent (an emoji is one), spaces included: nothing is trimmed. */
                    new_password: string;
                };
            };
        };
        responses: {
            /** @description The new pair */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenPair"];
                };
            };
            /** @description The request was refused as it is; `errors` says why, field by field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "invalid" | "invalid_type" | "invalid_value" | "invalid_format" | "too_small" | "too_big" | "parse_error" | "bad_request" | "wrong_password";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description No valid credentials came with the request. */
            401: {
                headers: {
                    /** @description What the request must bring: `Bearer realm="YSP"`, with `error="invalid_token"` when the token it brought was refused. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "not_authenticated";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaType"];
                };
            };
            /** @description Too many requests from this address, or for this email address. */
            429: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Throttled"];
                };
            };
            /** @description Something failed on the server's side. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerError"];
                };
            };
            /** @description The service cannot answer for now; send the request again after Retry-After. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "service_busy" | "database_unavailable" | "server_stopping";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
        };
    };
    signUp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An email address as the HTML standard defines it (what `<input type=email>` takes), with a dot in its domain, a last label that is not a number, and no empty part between dots. Spaces around it are trimmed, and it is kept in lower case. */
                    email: string;
                    /** @description 8 to 128 characters, counted as sent (an emoji is one), spaces included: nothing is trimmed. */
                    password: string;
                    /** @description Letters of any script with their marks, spaces, hyphens, apostrophes (' and ’) and full stops, with at least one letter and no "www.". Spaces around it are trimmed. */
                    first_name: string;
                    /** @description Letters of any script with their marks, spaces, hyphens, apostrophes (' and ’) and full stops, with at least one letter and no "www.". Spaces around it are trimmed. */
                    last_name: string;
                    /** @enum {string} */
                    user_type: "STUDENT";
                    referral_code?: string | null;
                    /** @description Where the student came from, as the sign-up page read it: at most 64 letters, digits, '-', '_' or '.'; empty for none. Kept in lower case. */
                    utm_source?: string;
                    /** @description Where the student came from, as the sign-up page read it: at most 64 letters, digits, '-', '_' or '.'; empty for none. Kept in lower case. */
                    utm_medium?: string;
                    /** @description Where the student came from, as the sign-up page read it: at most 64 letters, digits, '-', '_' or '.'; empty for none. Kept in lower case. */
                    utm_campaign?: string;
                    /** @description Where the student came from, as the sign-up page read it: at most 64 letters, digits, '-', '_' or '.'; empty for none. Kept in lower case. */
                    referrer?: string;
                };
            };
        };
        responses: {
            /** @description The account is made; a message to confirm the email is on its way */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description The request was refused as it is; `errors` says why, field by field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "invalid" | "invalid_type" | "invalid_value" | "invalid_format" | "too_small" | "too_big" | "parse_error" | "bad_request" | "email_taken" | "invalid_referral_code";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaType"];
                };
            };
            /** @description Too many requests from this address, or for this email address. */
            429: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Throttled"];
                };
            };
            /** @description Something failed on the server's side. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerError"];
                };
            };
            /** @description The service cannot answer for now; send the request again after Retry-After. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "service_busy" | "database_unavailable" | "server_stopping";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
        };
    };
    logIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The address the account logs in with, in any case. Spaces around it are trimmed. */
                    email: string;
                    /** @description The password, as typed. */
                    password: string;
                };
            };
        };
        responses: {
            /** @description The first token pair, and the student */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginAnswer"];
                };
            };
            /** @description The request was refused as it is; `errors` says why, field by field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "invalid" | "invalid_type" | "invalid_value" | "invalid_format" | "too_small" | "too_big" | "parse_error" | "bad_request";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description No valid credentials came with the request. */
            401: {
                headers: {
                    /** @description What the request must bring: `Bearer realm="YSP"`, with `error="invalid_token"` when the token it brought was refused. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "authentication_failed";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaType"];
                };
            };
            /** @description Too many requests from this address, or for this email address. */
            429: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Throttled"];
                };
            };
            /** @description Something failed on the server's side. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerError"];
                };
            };
            /** @description The service cannot answer for now; send the request again after Retry-After. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "service_busy" | "database_unavailable" | "server_stopping";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
        };
    };
    refreshSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The refresh token last given by logIn or refreshSession. */
                    refresh: string;
                };
            };
        };
        responses: {
            /** @description A new pair */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenPair"];
                };
            };
            /** @description The request was refused as it is; `errors` says why, field by field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "invalid" | "invalid_type" | "invalid_value" | "invalid_format" | "too_small" | "too_big" | "parse_error" | "bad_request";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description No valid credentials came with the request. */
            401: {
                headers: {
                    /** @description What the request must bring: `Bearer realm="YSP"`, with `error="invalid_token"` when the token it brought was refused. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "token_not_valid";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaType"];
                };
            };
            /** @description Too many requests from this address, or for this email address. */
            429: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Throttled"];
                };
            };
            /** @description Something failed on the server's side. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerError"];
                };
            };
            /** @description The service cannot answer for now; send the request again after Retry-After. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The student */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description No valid credentials came with the request. */
            401: {
                headers: {
                    /** @description What the request must bring: `Bearer realm="YSP"`, with `error="invalid_token"` when the token it brought was refused. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "not_authenticated";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description Something failed on the server's side. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerError"];
                };
            };
            /** @description The service cannot answer for now; send the request again after Retry-After. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    resendEmailVerification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An email address as the HTML standard defines it (what `<input type=email>` takes), with a dot in its domain, a last label that is not a number, and no empty part between dots. Spaces around it are trimmed, and it is kept in lower case. */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Taken: the same answer whether or not the address has an account */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description The request was refused as it is; `errors` says why, field by field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "invalid" | "invalid_type" | "invalid_value" | "invalid_format" | "too_small" | "too_big" | "parse_error" | "bad_request";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaType"];
                };
            };
            /** @description Too many requests from this address, or for this email address. */
            429: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Throttled"];
                };
            };
            /** @description Something failed on the server's side. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerError"];
                };
            };
            /** @description The service cannot answer for now; send the request again after Retry-After. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    requestPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An email address as the HTML standard defines it (what `<input type=email>` takes), with a dot in its domain, a last label that is not a number, and no empty part between dots. Spaces around it are trimmed, and it is kept in lower case. */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Taken: the same answer whether or not the address has an account */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description The request was refused as it is; `errors` says why, field by field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "invalid" | "invalid_type" | "invalid_value" | "invalid_format" | "too_small" | "too_big" | "parse_error" | "bad_request";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaType"];
                };
            };
            /** @description Too many requests from this address, or for this email address. */
            429: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Throttled"];
                };
            };
            /** @description Something failed on the server's side. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerError"];
                };
            };
            /** @description The service cannot answer for now; send the request again after Retry-After. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    requestYourDataLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An email address as the HTML standard defines it (what `<input type=email>` takes), with a dot in its domain, a last label that is not a number, and no empty part between dots. Spaces around it are trimmed, and it is kept in lower case. */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Taken: the same answer whether or not the address has an account */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description The request was refused as it is; `errors` says why, field by field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "invalid" | "invalid_type" | "invalid_value" | "invalid_format" | "too_small" | "too_big" | "parse_error" | "bad_request";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaType"];
                };
            };
            /** @description Too many requests from this address, or for this email address. */
            429: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Throttled"];
                };
            };
            /** @description Something failed on the server's side. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerError"];
                };
            };
            /** @description The service cannot answer for now; send the request again after Retry-After. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    verifyEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The token from the link in the email: 43 characters of base64url. */
                    token: string;
                };
            };
        };
        responses: {
            /** @description Confirmed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description The request was refused as it is; `errors` says why, field by field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "invalid" | "invalid_type" | "invalid_value" | "invalid_format" | "too_small" | "too_big" | "parse_error" | "bad_request" | "link_expired" | "link_used" | "link_replaced" | "link_invalid";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaType"];
                };
            };
            /** @description Too many requests from this address, or for this email address. */
            429: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Throttled"];
                };
            };
            /** @description Something failed on the server's side. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerError"];
                };
            };
            /** @description The service cannot answer for now; send the request again after Retry-After. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    confirmPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The token from the link in the email: 43 characters of base64url. */
                    token: string;
                    /** @description 8 to 128 characters, counted as sent (an emoji is one), spaces included: nothing is trimmed. */
                    password: string;
                };
            };
        };
        responses: {
            /** @description Changed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description The request was refused as it is; `errors` says why, field by field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "invalid" | "invalid_type" | "invalid_value" | "invalid_format" | "too_small" | "too_big" | "parse_error" | "bad_request" | "link_expired" | "link_used" | "link_replaced" | "link_invalid";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaType"];
                };
            };
            /** @description Too many requests from this address, or for this email address. */
            429: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Throttled"];
                };
            };
            /** @description Something failed on the server's side. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerError"];
                };
            };
            /** @description The service cannot answer for now; send the request again after Retry-After. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "service_busy" | "database_unavailable" | "server_stopping";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
        };
    };
    logInWithGoogle: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The ID token the app's own Google sign-in gave: a signed JWT, three base64url parts. */
                    id_token: string;
                    accept_terms?: boolean;
                    referral_code?: string | null;
                    /** @description Letters of any script with their marks, spaces, hyphens, apostrophes (' and ’) and full stops, with at least one letter and no "www.". Spaces around it are trimmed. */
                    first_name?: string;
                    /** @description Letters of any script with their marks, spaces, hyphens, apostrophes (' and ’) and full stops, with at least one letter and no "www.". Spaces around it are trimmed. */
                    last_name?: string;
                };
            };
        };
        responses: {
            /** @description The first token pair, and the student */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginAnswer"];
                };
            };
            /** @description The request was refused as it is; `errors` says why, field by field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "invalid" | "invalid_type" | "invalid_value" | "invalid_format" | "too_small" | "too_big" | "parse_error" | "bad_request" | "invalid_referral_code";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description No valid credentials came with the request. */
            401: {
                headers: {
                    /** @description What the request must bring: `Bearer realm="YSP"`, with `error="invalid_token"` when the token it brought was refused. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "google_token_refused";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description The account has nothing at this address. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "not_found";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description The request cannot be done as the account or the address stands; `errors` says why. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "terms_required" | "google_link_sent" | "email_taken";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaType"];
                };
            };
            /** @description The request is well formed, but what it proves is not enough; `errors` says why. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "email_unverified" | "name_refused";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description Too many requests from this address, or for this email address. */
            429: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Throttled"];
                };
            };
            /** @description Something failed on the server's side. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerError"];
                };
            };
            /** @description The service cannot answer for now; send the request again after Retry-After. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "service_busy" | "database_unavailable" | "server_stopping";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
        };
    };
    requestEmailChange: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The password, as typed. */
                    password: string;
                    /** @description An email address as the HTML standard defines it (what `<input type=email>` takes), with a dot in its domain, a last label that is not a number, and no empty part between dots. Spaces around it are trimmed, and it is kept in lower case. */
                    new_email: string;
                    /** @description The address the account logs in with, in any case. Spaces around it are trimmed. */
                    email?: string;
                };
            };
        };
        responses: {
            /** @description Asked: the same answer whether or not another account has the address */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description The request was refused as it is; `errors` says why, field by field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "invalid" | "invalid_type" | "invalid_value" | "invalid_format" | "too_small" | "too_big" | "parse_error" | "bad_request" | "wrong_password" | "authentication_failed" | "same_email";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description No valid credentials came with the request. */
            401: {
                headers: {
                    /** @description What the request must bring: `Bearer realm="YSP"`, with `error="invalid_token"` when the token it brought was refused. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "not_authenticated";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaType"];
                };
            };
            /** @description Too many requests from this address, or for this email address. */
            429: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Throttled"];
                };
            };
            /** @description Something failed on the server's side. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerError"];
                };
            };
            /** @description The service cannot answer for now; send the request again after Retry-After. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "service_busy" | "database_unavailable" | "server_stopping";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
        };
    };
    confirmEmailChange: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The token from the link in the email: 43 characters of base64url. */
                    token: string;
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description The request was refused as it is; `errors` says why, field by field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "invalid" | "invalid_type" | "invalid_value" | "invalid_format" | "too_small" | "too_big" | "parse_error" | "bad_request" | "link_expired" | "link_used" | "link_replaced" | "link_invalid" | "email_taken";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaType"];
                };
            };
            /** @description Too many requests from this address, or for this email address. */
            429: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Throttled"];
                };
            };
            /** @description Something failed on the server's side. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerError"];
                };
            };
            /** @description The service cannot answer for now; send the request again after Retry-After. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    undoEmailChange: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The token from the link in the email: 43 characters of base64url. */
                    token: string;
                };
            };
        };
        responses: {
            /** @description Done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description The request was refused as it is; `errors` says why, field by field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "invalid" | "invalid_type" | "invalid_value" | "invalid_format" | "too_small" | "too_big" | "parse_error" | "bad_request" | "link_expired" | "link_used" | "link_replaced" | "link_invalid" | "email_taken";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaType"];
                };
            };
            /** @description Too many requests from this address, or for this email address. */
            429: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Throttled"];
                };
            };
            /** @description Something failed on the server's side. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerError"];
                };
            };
            /** @description The service cannot answer for now; send the request again after Retry-After. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    refreshSessionAtSite: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The refresh token last given by logIn or refreshSession. */
                    refresh: string;
                };
            };
        };
        responses: {
            /** @description A new pair */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenPair"];
                };
            };
            /** @description The request was refused as it is; `errors` says why, field by field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "invalid" | "invalid_type" | "invalid_value" | "invalid_format" | "too_small" | "too_big" | "parse_error" | "bad_request";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description No valid credentials came with the request. */
            401: {
                headers: {
                    /** @description What the request must bring: `Bearer realm="YSP"`, with `error="invalid_token"` when the token it brought was refused. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "token_not_valid";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaType"];
                };
            };
            /** @description Too many requests from this address, or for this email address. */
            429: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Throttled"];
                };
            };
            /** @description Something failed on the server's side. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerError"];
                };
            };
            /** @description The service cannot answer for now; send the request again after Retry-After. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    openYourData: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The token from the link in the email: 43 characters of base64url. */
                    token: string;
                };
            };
        };
        responses: {
            /** @description The data token (send it as a bearer token to the operations below) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataAccess"];
                };
            };
            /** @description The request was refused as it is; `errors` says why, field by field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "invalid" | "invalid_type" | "invalid_value" | "invalid_format" | "too_small" | "too_big" | "parse_error" | "bad_request" | "link_expired" | "link_used" | "link_replaced" | "link_invalid";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaType"];
                };
            };
            /** @description Too many requests from this address, or for this email address. */
            429: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Throttled"];
                };
            };
            /** @description Something failed on the server's side. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerError"];
                };
            };
            /** @description The service cannot answer for now; send the request again after Retry-After. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    downloadYourData: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every table's rows about the account, secrets left out; sent as an attachment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["YourData"];
                };
            };
            /** @description The request was refused as it is; `errors` says why, field by field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "cookie_twice";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description No valid credentials came with the request. */
            401: {
                headers: {
                    /** @description What the request must bring: `Bearer realm="YSP"`, with `error="invalid_token"` when the token it brought was refused. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "not_authenticated";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description Something failed on the server's side. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerError"];
                };
            };
            /** @description The service cannot answer for now; send the request again after Retry-After. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    correctName: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Letters of any script with their marks, spaces, hyphens, apostrophes (' and ’) and full stops, with at least one letter and no "www.". Spaces around it are trimmed. */
                    first_name: string;
                    /** @description Letters of any script with their marks, spaces, hyphens, apostrophes (' and ’) and full stops, with at least one letter and no "www.". Spaces around it are trimmed. */
                    last_name: string;
                };
            };
        };
        responses: {
            /** @description Corrected */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description The request was refused as it is; `errors` says why, field by field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "invalid" | "invalid_type" | "invalid_value" | "invalid_format" | "too_small" | "too_big" | "parse_error" | "bad_request" | "cookie_twice";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description No valid credentials came with the request. */
            401: {
                headers: {
                    /** @description What the request must bring: `Bearer realm="YSP"`, with `error="invalid_token"` when the token it brought was refused. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "not_authenticated";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaType"];
                };
            };
            /** @description Something failed on the server's side. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerError"];
                };
            };
            /** @description The service cannot answer for now; send the request again after Retry-After. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    stopMarketing: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Stopped */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description The request was refused as it is; `errors` says why, field by field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "invalid" | "invalid_type" | "invalid_value" | "invalid_format" | "too_small" | "too_big" | "parse_error" | "bad_request" | "cookie_twice";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description No valid credentials came with the request. */
            401: {
                headers: {
                    /** @description What the request must bring: `Bearer realm="YSP"`, with `error="invalid_token"` when the token it brought was refused. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "not_authenticated";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaType"];
                };
            };
            /** @description Something failed on the server's side. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerError"];
                };
            };
            /** @description The service cannot answer for now; send the request again after Retry-After. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    removeGoogleSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Google sign-in is off */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description The request was refused as it is; `errors` says why, field by field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "invalid" | "invalid_type" | "invalid_value" | "invalid_format" | "too_small" | "too_big" | "parse_error" | "bad_request" | "cookie_twice";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description No valid credentials came with the request. */
            401: {
                headers: {
                    /** @description What the request must bring: `Bearer realm="YSP"`, with `error="invalid_token"` when the token it brought was refused. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "not_authenticated";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description The request cannot be done as the account or the address stands; `errors` says why. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "password_required";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaType"];
                };
            };
            /** @description Something failed on the server's side. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerError"];
                };
            };
            /** @description The service cannot answer for now; send the request again after Retry-After. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    askGuardian: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An email address as the HTML standard defines it (what `<input type=email>` takes), with a dot in its domain, a last label that is not a number, and no empty part between dots. Spaces around it are trimmed, and it is kept in lower case. */
                    guardian_email: string;
                };
            };
        };
        responses: {
            /** @description Asked, or already given */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description The request was refused as it is; `errors` says why, field by field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "invalid" | "invalid_type" | "invalid_value" | "invalid_format" | "too_small" | "too_big" | "parse_error" | "bad_request" | "cookie_twice" | "guardian_email_own";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description No valid credentials came with the request. */
            401: {
                headers: {
                    /** @description What the request must bring: `Bearer realm="YSP"`, with `error="invalid_token"` when the token it brought was refused. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "not_authenticated";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaType"];
                };
            };
            /** @description Too many requests from this address, or for this email address. */
            429: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Throttled"];
                };
            };
            /** @description Something failed on the server's side. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerError"];
                };
            };
            /** @description The service cannot answer for now; send the request again after Retry-After. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    deleteAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description "DELETE", in any case: the person's confirmation that the account and its data go. */
                    confirm: string;
                };
            };
        };
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description The request was refused as it is; `errors` says why, field by field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "invalid" | "invalid_type" | "invalid_value" | "invalid_format" | "too_small" | "too_big" | "parse_error" | "bad_request" | "cookie_twice";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description No valid credentials came with the request. */
            401: {
                headers: {
                    /** @description What the request must bring: `Bearer realm="YSP"`, with `error="invalid_token"` when the token it brought was refused. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "not_authenticated";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaType"];
                };
            };
            /** @description Something failed on the server's side. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerError"];
                };
            };
            /** @description The service cannot answer for now; send the request again after Retry-After. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    answerGuardianRequest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The token from the link in the email: 43 characters of base64url. */
                    token: string;
                    /** @enum {string} */
                    decision: "grant";
                    /** @description Letters of any script with their marks, spaces, hyphens, apostrophes (' and ’) and full stops, with at least one letter and no "www.". Spaces around it are trimmed. */
                    guardian_name: string;
                    /** @enum {string} */
                    relationship: "Mother" | "Father" | "Guardian" | "Other relative";
                } | {
                    /** @description The token from the link in the email: 43 characters of base64url. */
                    token: string;
                    /** @enum {string} */
                    decision: "refuse";
                };
            };
        };
        responses: {
            /** @description Recorded */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description The request was refused as it is; `errors` says why, field by field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "invalid" | "invalid_type" | "invalid_value" | "invalid_format" | "too_small" | "too_big" | "parse_error" | "bad_request" | "link_expired" | "link_used" | "link_replaced" | "link_invalid";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaType"];
                };
            };
            /** @description Too many requests from this address, or for this email address. */
            429: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Throttled"];
                };
            };
            /** @description Something failed on the server's side. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerError"];
                };
            };
            /** @description The service cannot answer for now; send the request again after Retry-After. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    correctSignupEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The password, as typed. */
                    password: string;
                    /** @description An email address as the HTML standard defines it (what `<input type=email>` takes), with a dot in its domain, a last label that is not a number, and no empty part between dots. Spaces around it are trimmed, and it is kept in lower case. */
                    new_email: string;
                };
            };
        };
        responses: {
            /** @description Corrected: a link to confirm is on its way to the new address */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description The request was refused as it is; `errors` says why, field by field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "invalid" | "invalid_type" | "invalid_value" | "invalid_format" | "too_small" | "too_big" | "parse_error" | "bad_request" | "wrong_password" | "email_taken" | "email_confirmed";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description No valid credentials came with the request. */
            401: {
                headers: {
                    /** @description What the request must bring: `Bearer realm="YSP"`, with `error="invalid_token"` when the token it brought was refused. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "not_authenticated";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaType"];
                };
            };
            /** @description Too many requests from this address, or for this email address. */
            429: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Throttled"];
                };
            };
            /** @description Something failed on the server's side. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerError"];
                };
            };
            /** @description The service cannot answer for now; send the request again after Retry-After. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "service_busy" | "database_unavailable" | "server_stopping";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
        };
    };
    subscribeToNewsletter: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An email address as the HTML standard defines it (what `<input type=email>` takes), with a dot in its domain, a last label that is not a number, and no empty part between dots. Spaces around it are trimmed, and it is kept in lower case. */
                    email: string;
                    source?: string | null;
                };
            };
        };
        responses: {
            /** @description Asked before; the words are the same, as is owed to the address's owner */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Asked for the first time: a link to confirm is on its way */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description The request was refused as it is; `errors` says why, field by field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "invalid" | "invalid_type" | "invalid_value" | "invalid_format" | "too_small" | "too_big" | "parse_error" | "bad_request";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaType"];
                };
            };
            /** @description Too many requests from this address, or for this email address. */
            429: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Throttled"];
                };
            };
            /** @description Something failed on the server's side. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerError"];
                };
            };
            /** @description The service cannot answer for now; send the request again after Retry-After. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    confirmNewsletter: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The token from the link in the email: 43 characters of base64url. */
                    token: string;
                };
            };
        };
        responses: {
            /** @description Subscribed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description The request was refused as it is; `errors` says why, field by field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "invalid" | "invalid_type" | "invalid_value" | "invalid_format" | "too_small" | "too_big" | "parse_error" | "bad_request" | "link_invalid" | "link_expired";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaType"];
                };
            };
            /** @description Too many requests from this address, or for this email address. */
            429: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Throttled"];
                };
            };
            /** @description Something failed on the server's side. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerError"];
                };
            };
            /** @description The service cannot answer for now; send the request again after Retry-After. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
    unsubscribeFromNewsletter: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The token from a newsletter's unsubscribe link: the subscription's id, a dot, and 43 characters of base64url. */
                    token: string;
                };
            };
        };
        responses: {
            /** @description Unsubscribed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description The request was refused as it is; `errors` says why, field by field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["ApiErrorType"];
                        errors: ({
                            /** @enum {string} */
                            code?: "invalid" | "invalid_type" | "invalid_value" | "invalid_format" | "too_small" | "too_big" | "parse_error" | "bad_request" | "link_invalid";
                        } & components["schemas"]["ApiErrorItem"])[];
                    };
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description The body is not JSON. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaType"];
                };
            };
            /** @description Too many requests from this address, or for this email address. */
            429: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Throttled"];
                };
            };
            /** @description Something failed on the server's side. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServerError"];
                };
            };
            /** @description The service cannot answer for now; send the request again after Retry-After. */
            503: {
                headers: {
                    /** @description Seconds to wait before sending the request again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unavailable"];
                };
            };
        };
    };
}
