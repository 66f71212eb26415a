/**
 * Addresses no form and no endpoint may accept: email addresses that are either not one bare
 * address, or not the address they look like (contract/email.ts), and web addresses that would
 * lead elsewhere. The rules' unit tests, the API's hostile input suites and the browser's share them.
 */

/**
 * Shapes that name more than one address, a display name, a comment, a route, or a host by
 * number (which a URL parser reads as an IPv4 address: 2.7 is 2.0.0.7).
 */
export const addressListShapes = [
  "kid@x.com,",
  ",kid@x.com",
  "<kid@x.com>",
  "Kid <kid@x.com>",
  "kid@x.com>",
  "a@x.com;b@y.com",
  "a@x.com,b@y.com",
  "a@x.com (c)",
  "a@x.com(c)",
  "(c)a@x.com",
  '"kid"@x.com',
  '"a@evil.com"@x.com',
  "kid@[127.0.0.1]",
  "kid[1]@x.com",
  "a\\b@x.com",
  "kid@x.com\\",
  "group:kid@x.com;",
  "kid:@x.com",
  "kid@x.com:25",
  "kid@@x.com",
  "a@b@x.com",
  "kid@x.com\nbcc:b@y.com",
  "kid@x.com\r\nBcc: b@y.com",
  "kid@127.0.0.1",
  "kid@2.7",
  "kid@x.0x7f",
] as const;

/** Characters that look like ASCII ones, or become them once lower-cased or composed. */
export const lookalikeAddresses = [
  "kid@x.c\u03bfm", // Greek small omicron
  "\u212aid@x.com", // Kelvin sign, which lower-cases to "k"
  "kid@x.com\u037eb@y.com", // Greek question mark, which composes to ";"
  "\uff4bid@x.com", // fullwidth k
  "kid\uff20x.com", // fullwidth @
  "kid@x\u3002com", // ideographic full stop
  "k\u0131d@x.com", // dotless i
  "kid@x.\u0441om", // Cyrillic es
  "k\u200bid@x.com", // zero-width space
  "jose\u0301@example.com",
  "kid@b\u00fccher.de",
] as const;

/** Every address above. */
export const hostileAddresses: readonly string[] = [...addressListShapes, ...lookalikeAddresses];

/** The other site the web addresses below try to send a visitor to. */
export const hostileHost = "evil.example";

/**
 * Web addresses that might make a server or a router send a visitor to another site: double
 * slashes and backslashes, their encodings, climbs out of a path, and the parameters apps read
 * their next page from. Each must be answered on this site. The server's suite sends them over
 * a socket exactly as written; the browser's opens them as a visitor would.
 */
export const hostilePaths = [
  `//${hostileHost}/`,
  `/\\${hostileHost}`,
  `/%2F%2F${hostileHost}`,
  `/%5C${hostileHost}`,
  `/.%2F%2F${hostileHost}`,
  `/join/https:%2F%2F${hostileHost}`,
  `/join/%2F%2F${hostileHost}`,
  `/join//${hostileHost}`,
  `/about-us/..%2F..%2F${hostileHost}`,
  `/faqs/`,
  `/?next=https://${hostileHost}`,
  `/?next=//${hostileHost}`,
  `/login?redirect=https://${hostileHost}`,
  `/join?redirect=https://${hostileHost}&next=//${hostileHost}`,
] as const;
