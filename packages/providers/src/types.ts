/**
 * What the API sees of a supplier. Each supplier has a real HTTP adapter (<supplier>/client.ts)
 * that speaks the supplier's wire format; the same adapter talks to the simulator in the sandbox
 * and in tests, so only base URLs and keys differ between sandbox and live.
 *
 * Amounts cross this boundary in kobo (integers). Adapters convert to the supplier's unit.
 */

/**
 * The one question a purchase asks of a supplier reply. THE MONEY RULE (outcome.ts and
 * docs/decisions/0018-supplier-money-rule.md): "failed" only when the supplier says so with
 * authority — a documented failure code, a documented reversal, or a "never received" answer from a
 * lookup the supplier documents as authoritative for a reference we sent. Everything else
 * (timeouts, HTTP 5xx, unknown codes, 404s of undocumented lookups, malformed replies) is
 * "pending": the order is requeried later and never refunded on it.
 */
export type PurchaseOutcome =
  | {
      status: 'delivered';
      /** The supplier's own transaction id, when it gave one. */
      providerReference?: string;
      /** Electricity: the token parsed from purchased_code, and units when given. */
      token?: string;
      units?: string;
      /** Supplier's wording, for logs and the admin; never shown raw to customers. */
      description: string;
      raw: unknown;
    }
  | {
      status: 'failed';
      description: string;
      raw: unknown;
      /**
       * Set when the failure is a problem on our side at the supplier (credentials, IP whitelist,
       * our float there too low, a service the supplier switched off for us): the order is
       * refunded and an operator alert is raised. A short text for the operator.
       */
      alert?: string;
    }
  | {
      status: 'pending';
      description: string;
      raw: unknown;
      /** The supplier's own id for the order, when its reply gave one; requery gets it back. */
      providerReference?: string;
      /**
       * Set when the reply is one no public source documents as a failure but that an operator
       * should look at now (a code or status we cannot place, a refusal the supplier does not
       * document as uncharged): the order stays pending, is never refunded or sent to another
       * supplier on it, and an operator alert is raised. A short text for the operator.
       */
      alert?: string;
      /**
       * Set when no documented lookup can ever settle this order (the supplier's id was lost with
       * its reply and it documents no lookup by anything we sent): requerying is pointless, so
       * the order goes to the admin's needs-decision queue at once.
       */
      noLookup?: boolean;
      /**
       * The supplier called a prepaid meter's vend delivered but its reply named no token we
       * could find: not delivered to the customer until a token comes (the API's token rule,
       * decision 0046). An admin may approve it with the token.
       */
      awaitingToken?: true;
    };

/** One line of `cli live-check <supplier>`: a read-only call and what it found. */
export interface LiveCheckLine {
  check: string;
  ok: boolean;
  detail: string;
}

/** What a requery knows of an order: our reference and, when the supplier gave one, its own id. */
export interface RequeryRef {
  reference: string;
  providerReference?: string;
}

export interface AdapterOptions {
  baseUrl: string;
  /** Milliseconds before a call counts as timed out (the order then stays pending). */
  timeoutMs: number;
}

// ---------------------------------------------------------------- VTpass (provider family)

export interface VtpassKeys {
  apiKey: string;
  publicKey: string;
  secretKey: string;
}

export interface VtpassVariation {
  variationCode: string;
  name: string;
  amountKobo: number;
  fixedPrice: boolean;
}

export interface VtpassMeterInfo {
  customerName: string;
  address: string;
  meterNumber: string;
  meterType: string;
  minimumAmountKobo: number | null;
  canVend: boolean;
}

export interface VtpassSmartcardInfo {
  customerName: string;
  status: string;
  dueDate: string;
  customerNumber: string;
  currentBouquet: string;
  /** DStv/GOtv: the current bouquet's variation code(s), comma-separated when there are add-ons. */
  currentBouquetCode: string;
  /** DStv/GOtv: what VTpass charges to renew the current bouquet (promos make it differ). */
  renewalAmountKobo: number | null;
}

/** A verification either names the customer or says the number is wrong. */
export type VerifyResult<T> =
  { ok: true; info: T } | { ok: false; reason: 'invalid' | 'unavailable'; description: string };

export interface VtpassPayRequest {
  /** ≥ 12 chars, first 12 = YYYYMMDDHHII in Africa/Lagos; see vtpass/request-id.ts. */
  requestId: string;
  serviceID: string;
  amountKobo: number;
  phone: string;
  billersCode?: string;
  variationCode?: string;
  /**
   * DStv and GOtv only (VTpass requires it there): `renew` the current bouquet at the
   * merchant-verify Renewal_Amount, or `change` to the variation for `quantity` months.
   */
  subscriptionType?: 'change' | 'renew';
  quantity?: number;
}

export interface VtpassClient {
  variations(serviceID: string): Promise<VtpassVariation[]>;
  verifyMeter(input: {
    serviceID: string;
    billersCode: string;
    type: 'prepaid' | 'postpaid';
  }): Promise<VerifyResult<VtpassMeterInfo>>;
  verifySmartcard(input: {
    serviceID: string;
    billersCode: string;
  }): Promise<VerifyResult<VtpassSmartcardInfo>>;
  pay(request: VtpassPayRequest): Promise<PurchaseOutcome>;
  requery(requestId: string): Promise<PurchaseOutcome>;
  /** Our VTpass wallet balance in kobo (GET balance); throws ProviderError when unknown. */
  balance(): Promise<number>;
}

// ---------------------------------------------------------------- DataStation (in-house family)

export interface DataStationPlan {
  /** DataStation's plan id (the spec's data_id). */
  dataId: number;
  /** MTN | GLO | AIRTEL | 9MOBILE */
  network: string;
  /** The supplier's plan type text, e.g. "SME", "SME2", "GIFTING", "CORPORATE GIFTING", "AWOOF". */
  planType: string;
  /** Size text as the supplier writes it: "500.0MB", "1.0GB". */
  size: string;
  /** Validity text as the supplier writes it: "30 days", "Monthly", "1 Week". */
  validity: string;
  amountKobo: number;
}

export interface DataStationCablePlan {
  cablePlanId: number;
  /** GOTV | DSTV | STARTIMES */
  cablename: string;
  /** DataStation's cable id (1 GOTV, 2 DSTV, 3 STARTIMES). */
  cableId: number;
  package: string;
  amountKobo: number;
}

export interface DataStationDisco {
  discoId: number;
  name: string;
}

export interface DataStationNetwork {
  networkId: number;
  name: string;
}

export interface DataStationCatalogue {
  networks: DataStationNetwork[];
  dataPlans: DataStationPlan[];
  cablePlans: DataStationCablePlan[];
  discos: DataStationDisco[];
}

export interface DataStationClient {
  /** GET api/user/ (plans under Dataplans, cable plans, discos) and GET api/network/. */
  catalogue(): Promise<DataStationCatalogue>;
  /** Our wallet at DataStation in kobo (user.Account_Balance of GET api/user/). */
  balance(): Promise<number>;
  /** Each purchase carries our reference so a lost reply can be requeried by it. */
  buyData(input: {
    reference: string;
    networkId: number;
    phone: string;
    dataId: number;
    ported: boolean;
  }): Promise<PurchaseOutcome>;
  topup(input: {
    reference: string;
    networkId: number;
    phone: string;
    amountKobo: number;
    ported: boolean;
  }): Promise<PurchaseOutcome>;
  cablesub(input: {
    reference: string;
    cableId: number;
    cablePlanId: number;
    smartCardNumber: string;
  }): Promise<PurchaseOutcome>;
  billpayment(input: {
    reference: string;
    discoId: number;
    amountKobo: number;
    meterNumber: string;
    meterType: 'prepaid' | 'postpaid';
  }): Promise<PurchaseOutcome>;
  /** Per kind of purchase, by DataStation's own id when the pay reply gave one. */
  requery(input: RequeryRef & { kind: DataStationKind }): Promise<PurchaseOutcome>;
}

/** Which DataStation endpoint an order went to (each has its own lookup). */
export type DataStationKind = 'data' | 'topup' | 'cable' | 'bill';

// ---------------------------------------------------------------- Ogdams (in-house, Airtel plans)

export interface OgdamsPlan {
  planId: string;
  /** Ogdams network ids: 1 MTN, 2 Airtel, 3 Glo, 4 9mobile. */
  networkId: number;
  name: string;
  validity: string;
  amountKobo: number;
}

export interface OgdamsClient {
  plans(): Promise<OgdamsPlan[]>;
  vendData(input: {
    reference: string;
    networkId: number;
    planId: string;
    phone: string;
  }): Promise<PurchaseOutcome>;
  vendAirtime(input: {
    reference: string;
    networkId: number;
    amountKobo: number;
    phone: string;
  }): Promise<PurchaseOutcome>;
  /**
   * Ogdams documents no status lookup (outcomes arrive by webhook): pending, with no call made.
   * ogdams/SOURCES.md.
   */
  requery(input: RequeryRef): Promise<PurchaseOutcome>;
  /** GET get/balances: our wallet at Ogdams, in kobo (read-only; the live check uses it). */
  balance(): Promise<{ mainBalanceKobo: number; raw: unknown }>;
  /**
   * Checks the ogdams-simhosting-signature header (HMAC-SHA512 of the raw body) and reads the
   * event. `reference` is the event's reference: ours or Ogdams's own ref (the API matches either).
   * Null when the signature is wrong or the body is not an Ogdams event.
   */
  parseWebhook(
    rawBody: string,
    headers: Record<string, string | undefined>,
  ): { reference: string; outcome: PurchaseOutcome } | null;
  /**
   * Whether the `ogdams-simhosting-signature` header verifies over the raw body with our key: a
   * true answer is the proof that the signing key we inferred is the one Ogdams uses.
   */
  signatureValid(rawBody: string, headers: Record<string, string | undefined>): boolean;
}

// ---------------------------------------------------------------- PalmPay (betting, deposits)

export interface PalmPayBiller {
  billerId: string;
  billerName: string;
  billerIcon: string;
}

export interface PalmPayBillerItem {
  itemId: string;
  itemName: string;
  /**
   * PalmPay's limits are kobo on the wire; kept in kobo here. null when PalmPay gives none (its
   * documented item example has minAmount/maxAmount null with isFixAmount 0): the caller decides.
   */
  minAmountKobo: number | null;
  maxAmountKobo: number | null;
  isFixAmount: boolean;
}

/** A created bank-transfer checkout order (productType bank_transfer). */
export interface PalmPayCheckout {
  /** PalmPay's order number. */
  orderNo: string;
  /** 1 pending, 2 success, 3 failed, 4 cancelled. */
  orderStatus: 1 | 2 | 3 | 4;
  payerBankName: string;
  payerAccountName: string;
  payerVirtualAccNo: string;
  sdkSessionId: string;
  /** When the checkout account stops accepting money (epoch ms). */
  expiresAtMs: number;
}

export interface PalmPayVirtualAccount {
  virtualAccountNo: string;
  virtualAccountName: string;
  status: string;
}

/** The result of a call that creates something: it worked, or the reason it did not. */
export type CreateResult<T> =
  { ok: true; value: T } | { ok: false; reason: 'rejected' | 'unavailable'; description: string };

/**
 * A PalmPay webhook whose signature checked out, parsed. `eventId` is unique per delivery
 * subject (PalmPay's orderNo, prefixed by the kind) so a replay maps to the same id.
 */
export type PalmPayWebhook =
  | {
      kind: 'bill';
      eventId: string;
      outOrderNo: string;
      orderNo: string;
      amountKobo: number;
      rechargeAccount: string;
      /** 1 pending, 2 success, 3 failed. */
      orderStatus: 1 | 2 | 3;
      errorMsg: string;
      raw: Record<string, unknown>;
    }
  | {
      kind: 'checkout';
      eventId: string;
      /** Our order id (outOrderNo of the checkout). */
      orderId: string;
      orderNo: string;
      amountKobo: number;
      /** 1 pending, 2 success, 3 failed, 4 cancelled. */
      orderStatus: 1 | 2 | 3 | 4;
      payerAccountNo: string;
      payerAccountName: string;
      payerBankName: string;
      raw: Record<string, unknown>;
    }
  | {
      kind: 'virtual_account';
      eventId: string;
      orderNo: string;
      virtualAccountNo: string;
      /** The accountReference we gave when creating the account. */
      accountReference: string;
      amountKobo: number;
      orderStatus: number;
      /** orderStatus is the success status PalmPay's integrations credit on; only then is it money. */
      paid: boolean;
      payerAccountNo: string;
      payerAccountName: string;
      payerBankName: string;
      raw: Record<string, unknown>;
    };

export interface PalmPayClient {
  /** POST api/v2/bill-payment/biller/query */
  billers(sceneCode: string): Promise<PalmPayBiller[]>;
  /** POST api/v2/bill-payment/item/query */
  items(input: { sceneCode: string; billerId: string }): Promise<PalmPayBillerItem[]>;
  /** POST api/v2/bill-payment/order/create; transport problems and unclear replies are pending. */
  createBillOrder(input: {
    outOrderNo: string;
    sceneCode: string;
    amountKobo: number;
    notifyUrl: string;
    billerId: string;
    itemId: string;
    rechargeAccount: string;
  }): Promise<PurchaseOutcome>;
  /** Bill order query by outOrderNo. */
  queryBillOrder(outOrderNo: string): Promise<PurchaseOutcome>;
  /** POST api/v2/virtual/account/label/create for a verified identity. */
  createVirtualAccount(input: {
    identityType: 'personal' | 'personal_nin';
    licenseNumber: string;
    virtualAccountName: string;
    customerName: string;
    email: string;
    accountReference: string;
  }): Promise<CreateResult<PalmPayVirtualAccount>>;
  /** Bank-transfer checkout order (productType bank_transfer). */
  createCheckout(input: {
    orderId: string;
    amountKobo: number;
    notifyUrl: string;
    /** Where PalmPay returns the payer after paying (required by PalmPay's create order). */
    callBackUrl: string;
    expireSeconds: number;
    title: string;
    userId: string;
  }): Promise<CreateResult<PalmPayCheckout>>;
  /** Checkout order status by our orderId; null when PalmPay does not know it. */
  queryCheckout(
    orderId: string,
  ): Promise<{ orderStatus: 1 | 2 | 3 | 4; amountKobo: number } | null>;
  /**
   * Checks a webhook's signature (PalmPay's public key) over the raw body and parses it; null for
   * a bad signature or a body that is not a PalmPay notification.
   */
  parseWebhook(rawBody: string): PalmPayWebhook | null;
  /** Our merchant balance at PalmPay (read-only; for the live check). */
  balance(): Promise<{ availableKobo: number; frozenKobo: number; currentKobo: number }>;
}

// ---------------------------------------------------------------- Safe Haven (KYC, services/pay)

export type IdentityType = 'NIN' | 'BVN';

export interface SafeHavenSubAccount {
  accountNumber: string;
  accountName: string;
  bankName: string;
}

export interface SafeHavenBank {
  bankCode: string;
  name: string;
}

export interface SafeHavenEntity {
  customerName: string;
  entityNumber: string;
  /** Anything else the supplier said (address, bouquet …), for display. */
  details: Record<string, string>;
}

export type SafeHavenPayKind = 'airtime' | 'data' | 'cable-tv' | 'utility';

/** Safe Haven's VAS services (the `identifier` of GET vas/services). */
export type SafeHavenServiceIdentifier = 'AIRTIME' | 'DATA' | 'CABLETV' | 'UTILITY';

/** A service category: a network, a cable operator or a disco; its id is serviceCategoryId. */
export interface SafeHavenServiceCategory {
  serviceCategoryId: string;
  /** MTN, AIRTEL, GLO, ETISALAT, DSTV, GOTV, STARTIMES, IKEJA, EKO … */
  identifier: string;
  name: string;
  description: string;
  isFixedAmount: boolean;
}

/** A data bundle or cable package of a category (GET vas/service-category/{id}/products). */
export interface SafeHavenProduct {
  bundleCode: string;
  name: string;
  /** null for an open-amount product (cable "Top Up"). */
  amountKobo: number | null;
  duration: string;
  isAmountFixed: boolean;
}

/** Our Safe Haven debit account as GET accounts lists it. */
export interface SafeHavenBalance {
  accountNumber: string;
  /** Null when the listing gives no readable accountBalance. */
  balanceKobo: number | null;
  raw: unknown;
}

export interface SafeHavenPayRequest {
  /**
   * Our reference, for our own records only: Safe Haven's pay body documents no reference field,
   * so it is not sent; the order is known to Safe Haven by the data.id it answers (safehaven/SOURCES.md).
   */
  reference: string;
  serviceCategoryId: string;
  amountKobo: number;
  phoneNumber?: string;
  bundleCode?: string;
  cardNumber?: string;
  meterNumber?: string;
  vendType?: 'PREPAID' | 'POSTPAID';
}

export interface IdentityApplicant {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD or ''. */
  birthDate: string;
}

/** The holder of a NIN/BVN as the identity supplier answers it (title case). */
export interface IdentityHolder {
  firstName: string;
  middleName: string;
  lastName: string;
  /** YYYY-MM-DD when the supplier answered a date of birth, else ''. */
  dateOfBirth: string;
}

export interface SafeHavenClient {
  /** POST identity/v2: an OTP goes to the phone on record; the reply's data._id is identityId. */
  initiateVerification(input: {
    type: IdentityType;
    number: string;
    /**
     * Who the customer says they are. Safe Haven's wire has no field for it and the adapter
     * sends nothing; sandbox mode enrols it as the number's holder in the sandbox's identity
     * register (decision 0055).
     */
    applicant?: IdentityApplicant;
  }): Promise<CreateResult<{ identityId: string }>>;
  /** POST identity/v2/validate. A wrong OTP is `rejected`. The holder's names come back. */
  validateVerification(input: {
    identityId: string;
    type: IdentityType;
    otp: string;
  }): Promise<CreateResult<IdentityHolder>>;
  /** POST accounts/v2/subaccount: the permanent account number. */
  createSubAccount(input: {
    phoneNumber: string;
    emailAddress: string;
    identityId: string;
    identityNumber: string;
    identityType: IdentityType;
    otp: string;
    externalReference: string;
  }): Promise<CreateResult<SafeHavenSubAccount>>;
  /** Bank list for name enquiry. */
  banks(): Promise<SafeHavenBank[]>;
  /** Name enquiry on a bank account. */
  nameEnquiry(input: {
    bankCode: string;
    accountNumber: string;
  }): Promise<VerifyResult<{ accountName: string; accountNumber: string; bankCode: string }>>;
  /** POST vas/verify {serviceCategoryId, entityNumber}. */
  verifyEntity(input: {
    serviceCategoryId: string;
    entityNumber: string;
  }): Promise<VerifyResult<SafeHavenEntity>>;
  /** POST vas/pay/{kind}; transport problems and unclear replies are pending. */
  pay(kind: SafeHavenPayKind, request: SafeHavenPayRequest): Promise<PurchaseOutcome>;
  /**
   * GET vas/transaction/{id} by Safe Haven's own id (providerReference). Without one (the pay reply
   * was lost) it is pending with no call made: Safe Haven documents no lookup by our data.
   */
  requery(input: RequeryRef): Promise<PurchaseOutcome>;
  /**
   * GET vas/services, then vas/service/{id}/service-categories: the categories (networks, cable
   * operators, discos) of one service. Throws ProviderError when Safe Haven cannot answer.
   */
  categories(service: SafeHavenServiceIdentifier): Promise<SafeHavenServiceCategory[]>;
  /** GET vas/service-category/{id}/products; throws ProviderError when Safe Haven cannot answer. */
  products(serviceCategoryId: string): Promise<SafeHavenProduct[]>;
  /** GET accounts (main accounts): our debit account's balance (read-only; the live check). */
  balance(): Promise<SafeHavenBalance>;
}

export interface Providers {
  vtpass: VtpassClient;
  datastation: DataStationClient;
  ogdams: OgdamsClient;
  palmpay: PalmPayClient;
  safehaven: SafeHavenClient;
}
