export declare const INVALID_DATE_MESSAGE: string;
export declare const FUTURE_DATE_MESSAGE: string;
export declare const ACCESS_NOT_FOUND: string;
export declare const USERNAME_TAKEN: string;
export declare const AUTHENTICATION_REQUIRED: string;
export declare const ALREADY_IN_TIMELINE: string;
export declare const TOO_MANY_MEDIA: string;
