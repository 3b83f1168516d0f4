import type { Providers, VtpassSmartcardInfo } from '@owo/providers/types';
import type { MeterVerifyReply, SmartcardVerifyReply } from '@owo/shared/api-types';
import { messages } from '@owo/shared/messages';
import { koboToNaira } from '@owo/shared/money';
import { discoByServiceId } from '@owo/shared/billers';
import type { z } from 'zod';
import type { meterVerifySchema, smartcardVerifySchema } from '@owo/shared/schemas/purchases';
import { AppError } from '../../errors';
import type { LookupGuard } from '../lookups/limits';

type In<T extends z.core.$ZodType> = z.output<T>;

/** Meter and smart-card checks (VTpass merchant-verify): the endpoints and the pre-purchase check. */
export function createVerification(providers: Providers, lookups: LookupGuard) {
  /** A smart card checked before any money moves; undefined when verification is down. */
  async function cardInfo(
    serviceID: string,
    billersCode: string,
  ): Promise<VtpassSmartcardInfo | undefined> {
    const result = await providers.vtpass.verifySmartcard({ serviceID, billersCode });
    if (result.ok) return result.info;
    if (result.reason === 'invalid') throw new AppError('CARD_NOT_FOUND');
    return undefined;
  }

  return {
    cardInfo,
    /**
     * The customer's name on the meter or card, checked before any money moves: a number the
     * supplier says does not exist is refused (400, nothing reserved). When verification itself is
     * down the purchase goes ahead without a name; the pay call is the final word.
     */
    async meterCustomer(serviceID: string, billersCode: string, type: 'prepaid' | 'postpaid') {
      const result = await providers.vtpass.verifyMeter({ serviceID, billersCode, type });
      if (result.ok) return result.info.customerName || undefined;
      if (result.reason === 'invalid') throw new AppError('METER_NOT_FOUND');
      return undefined;
    },
    async cardCustomer(serviceID: string, billersCode: string) {
      return (await cardInfo(serviceID, billersCode))?.customerName || undefined;
    },

    /** The name and address on a meter: a third party's, so from the caller's look-up budget. */
    async verifyMeter(userId: string, b: In<typeof meterVerifySchema>): Promise<MeterVerifyReply> {
      if (!discoByServiceId(b.serviceID)) {
        throw new AppError('VALIDATION_FAILED', { message: messages.selectProvider });
      }
      await lookups.take('meter', userId);
      const result = await providers.vtpass.verifyMeter({
        serviceID: b.serviceID,
        billersCode: b.billersCode,
        type: b.type,
      });
      if (!result.ok) {
        throw new AppError(
          result.reason === 'invalid' ? 'METER_NOT_FOUND' : 'VERIFICATION_UNAVAILABLE',
        );
      }
      const info = result.info;
      return {
        success: true,
        message: messages.meterVerified,
        data: {
          Customer_Name: info.customerName,
          Address: info.address,
          Meter_Number: info.meterNumber,
          Meter_Type: info.meterType,
          Minimum_Amount:
            info.minimumAmountKobo === null ? null : koboToNaira(info.minimumAmountKobo),
        },
      };
    },

    /** The name on a smart card: a third party's, so from the caller's look-up budget. */
    async verifySmartcard(
      userId: string,
      b: In<typeof smartcardVerifySchema>,
    ): Promise<SmartcardVerifyReply> {
      await lookups.take('smartcard', userId);
      const result = await providers.vtpass.verifySmartcard({
        serviceID: b.serviceID,
        billersCode: b.billersCode,
      });
      if (!result.ok) {
        throw new AppError(
          result.reason === 'invalid' ? 'CARD_NOT_FOUND' : 'VERIFICATION_UNAVAILABLE',
        );
      }
      const info = result.info;
      return {
        success: true,
        message: messages.cardVerified,
        data: {
          Customer_Name: info.customerName,
          Status: info.status,
          Due_Date: info.dueDate,
          Current_Bouquet: info.currentBouquet,
          Renewal_Amount:
            info.renewalAmountKobo === null ? null : koboToNaira(info.renewalAmountKobo),
        },
      };
    },
  };
}
