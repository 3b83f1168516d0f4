/**
 * What the API sees of a supplier. Each supplier has a real HTTP adapter (<supplier>/client.ts)
 * that speaks the supplier's wire format; the same adapter talks to the simulator in the sandbox
 * and in tests, so only base URLs and keys differ between sandbox and live.
 *
 * Amounts cross this boundary in kobo (integers). Adapters convert to the supplier's unit.
 */

/**
 * The one question a purchase asks of a supplier reply. "pending" covers everything that is not a
 * definite answer (timeouts, HTTP 5xx, VTpass 099, malformed or unknown replies): the order is
 * requeried later and never refunded on it.
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
  | { status: 'failed'; description: string; raw: unknown }
  | { status: 'pending'; description: string; raw: unknown };

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
  requery(reference: string): Promise<PurchaseOutcome>;
}

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
  requery(reference: string): Promise<PurchaseOutcome>;
}

export interface Providers {
  vtpass: VtpassClient;
  datastation: DataStationClient;
  ogdams: OgdamsClient;
}
