/** What the single sign-on API, its sign-in and the settings page say (decisions 075 and 078). */
export const SSO_MESSAGES = {
  cannotManage: "Only owners can manage single sign-on",
  loadFailed: "Single sign-on could not be loaded",
  saveFailed: "Single sign-on could not be saved. Please try again.",
  testFailed: "The connection could not be tested. Please try again.",
  notConfigured: "Single sign-on is not set up for this organization",
  protocolUnsupported: "Choose the protocol: oidc (OpenID Connect) or saml (SAML 2.0)",
  issuerInvalid: "Give the issuer as an https URL (http only for a local test provider)",
  clientIdRequired: "Give the client id the identity provider issued",
  clientSecretRequired: "Give the client secret the identity provider issued",
  clientSecretTooLong: "The client secret can be at most 1,000 characters",
  scopesInvalid: "Scopes are words of letters, digits and . _ : / -, and must include openid and email",
  domainsRequired: "List at least one e-mail domain the connection is for",
  tooManyDomains: "A connection can be for at most 20 domains",
  domainTaken: (domain: string) => `The domain ${domain} is already verified for another organization`,
  groupClaimInvalid: "The group claim is a claim name of letters, digits and . _ : / -",
  groupRolesTooMany: "Map at most 100 groups to roles",
  groupNameRequired: "Give the group's name as the identity provider sends it (at most 200 characters)",
  groupRoleOwner: "A group can map to admin, editor or viewer; the organization's creator stays owner",
  domainNotListed: "That domain is not one of the connection's domains",
  domainNotVerified: (domain: string, record: string) =>
    `The domain ${domain} is not verified yet: add the DNS TXT record ${record} and check again`,
  /** Test connection and sign-in, in plain words. */
  issuerUnreachable: (issuer: string) => `The identity provider at ${issuer} could not be reached`,
  issuerRefused: "The issuer's address is internal, and the operator has not allowed it (OUTBOUND_ALLOW)",
  discoveryInvalid: "The issuer did not answer with an OpenID Connect discovery document",
  issuerMismatch: (found: string) => `The discovery document names another issuer: ${found}`,
  noEmailClaim: "The identity provider does not offer the email claim, which Flowdeck needs to know who signs in",
  noCodeFlow: "The identity provider does not offer the authorization code flow",
  /** SAML 2.0 (decision 078): the connection, Test connection and sign-in. */
  samlSettingsRequired: "Give the SAML settings: the identity provider's metadata URL or its metadata XML",
  samlMetadataOneOf: "Give either the metadata URL or the metadata XML, not both",
  samlMetadataUrlInvalid: "Give the metadata URL as an https URL (http only for a local test provider)",
  samlMetadataXmlTooLong: "The metadata XML can be at most 500,000 characters",
  samlCertificateInvalid: "The certificate is not a PEM X.509 certificate (-----BEGIN CERTIFICATE-----)",
  samlAttributeInvalid: "An attribute name is letters, digits and . _ : / - (at most 300 characters)",
  samlMetadataUnreachable: (url: string) => `The SAML metadata at ${url} could not be fetched`,
  samlMetadataRefused: "The metadata URL's address is internal, and the operator has not allowed it (OUTBOUND_ALLOW)",
  samlMetadataInvalid:
    "This is not SAML 2.0 metadata of an identity provider (no EntityDescriptor with an IDPSSODescriptor)",
  samlNoSigningCertificate:
    "The metadata has no signing certificate: give the identity provider's certificate in the connection",
  samlNoRedirectBinding:
    "The identity provider offers no single sign-on service with the HTTP-Redirect binding, which Flowdeck uses to send people to it",
  samlResponseMissing: "The identity provider sent no SAML response",
  samlSignatureInvalid:
    "The identity provider's answer is not signed with the certificate of the connection: check the certificate in Settings → Single sign-on",
  samlNotThisSignIn: "The identity provider's answer does not belong to this sign-in (InResponseTo)",
  samlWrongDestination: "The identity provider's answer was sent for another address than Flowdeck's (destination)",
  /** Signing in. */
  emailInvalid: "Give a valid e-mail address",
  noSsoForAddress: "No organization signs in this address through single sign-on",
  stateInvalid: "This sign-in link was already used or has expired: start the sign-in again",
  providerError: (description: string) => `The identity provider refused the sign-in: ${description}`,
  clientRejected:
    "The identity provider refused Flowdeck's client id or secret: check them in Settings → Single sign-on",
  tokenExchangeFailed: "The identity provider did not hand out a token for this sign-in",
  idTokenWrongAudience: "The identity provider's answer was meant for another application (wrong audience)",
  idTokenExpired: "The identity provider's answer has expired: start the sign-in again",
  idTokenWrongIssuer: "The identity provider's answer came from another issuer",
  idTokenWrongNonce: "The identity provider's answer does not belong to this sign-in (nonce)",
  idTokenInvalid: "The identity provider's answer could not be verified",
  emailMissing: "The identity provider did not say which e-mail address signed in",
  emailUnverified: "The identity provider has not verified this e-mail address",
  emailOutsideDomains: "This e-mail address is not on a verified domain of the organization's single sign-on",
  /** Enforced single sign-on (decision 077). */
  enforced:
    "Your organization signs in through single sign-on: on the login page, enter your e-mail address and choose Continue",
  enforcedApiTokens: "Your organization signs in through single sign-on: only its owner can create API tokens",
  breakGlassNeedsTwoFactor:
    "Your organization signs in through single sign-on: on the login page, enter your e-mail address and choose Continue. As its owner you can sign in with your password too once two-factor sign-in is on (Profile → Two-factor sign-in)",
} as const;
