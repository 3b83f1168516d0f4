import type { UserDto } from '@owo/shared/api-types';
import type { Gender } from '@owo/shared/constants';
import { koboToNaira } from '@owo/shared/money';
import type { UserWithBalance } from './repository';

/** The spec's User entity (§3). Balances leave the API as naira, the one edge where naira exist. */
export function toUserDto(user: UserWithBalance): UserDto {
  return {
    _id: user.id,
    email: user.email,
    role: user.role,
    accountBalance: koboToNaira(user.balanceKobo),
    hasSetTransactionPin: user.pinHash !== null,
    isVerified: user.isVerified,
    status: user.status,
    isGoogleUser: user.isGoogleUser,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    accountNumber: user.virtualAccount?.accountNumber ?? '',
    imageUrl: user.imageUrl,
    thumbnailUrl: user.thumbnailUrl,
    originalImageUrl: user.originalImageUrl,
    isKYCVerified: user.isKycVerified,
    gender: user.gender as Gender | '',
    birthDate: user.birthDate,
    // The permanent PalmPay account deposits arrive in; its balance is the wallet's.
    accountDetails: user.virtualAccount
      ? {
          bankName: user.virtualAccount.bankName,
          accountName: user.virtualAccount.accountName,
          accountNumber: user.virtualAccount.accountNumber,
          accountType: 'virtual',
          accountBalance: koboToNaira(user.balanceKobo),
          status: user.virtualAccount.status,
          _id: user.virtualAccount.id,
        }
      : null,
  };
}
