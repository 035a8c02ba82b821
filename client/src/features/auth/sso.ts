/** spec §8: what the single-sign-on buttons say until a provider is configured. */
export const SSO_PLACEHOLDER = "Sign-in isn't configured yet. This button is a placeholder.";
