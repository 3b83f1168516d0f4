import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import {
  completeSignupSchema,
  loginSchema,
  resetPasswordFormSchema,
  verifyOtpSchema,
} from './auth';
import { ageInYears, passwordProblem } from './fields';
import { kycDetailsSchema, setPinSchema, updateUserSchema } from './user';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('password rules (§5)', () => {
  it('names the first broken rule', () => {
    expect(passwordProblem('Ab1!')).toBe(messages.passwordTooShort);
    expect(passwordProblem('abcdefg1!')).toBe(messages.passwordNeedsUpper);
    expect(passwordProblem('ABCDEFG1!')).toBe(messages.passwordNeedsLower);
    expect(passwordProblem('Abcdefgh!')).toBe(messages.passwordNeedsDigit);
    expect(passwordProblem('Abcdefg12')).toBe(messages.passwordNeedsSpecial);
    expect(passwordProblem('Abcdefg1!')).toBeNull();
  });

  it('shows the combined message on sign-up and reset, and checks the confirmation', () => {
    const base = {
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.co',
      phoneNumber: '08031234567',
      signupTicket: 't',
    };
    expect(firstMessage(completeSignupSchema.safeParse({ ...base, password: 'abc' }))).toBe(
      messages.passwordCombined,
    );
    expect(
      firstMessage(
        resetPasswordFormSchema.safeParse({
          otp: '1234',
          password: 'Abcdefg1!',
          confirmPassword: 'x',
        }),
      ),
    ).toBe(messages.passwordsDoNotMatch);
    expect(
      resetPasswordFormSchema.safeParse({
        otp: '1234',
        password: 'Abcdefg1!',
        confirmPassword: 'Abcdefg1!',
      }).success,
    ).toBe(true);
  });
});

describe('sign-in forms (§5)', () => {
  it('validates e-mail and password on login', () => {
    expect(firstMessage(loginSchema.safeParse({ email: 'nope', password: 'x' }))).toBe(
      messages.invalidEmail,
    );
    expect(firstMessage(loginSchema.safeParse({ email: 'a@b.co', password: '' }))).toBe(
      messages.invalidPassword,
    );
    expect(loginSchema.parse({ email: ' A@B.CO ', password: 'x' }).email).toBe('a@b.co');
  });

  it('wants exactly 4 digits for an OTP', () => {
    for (const otp of ['123', '12345', 'abcd', '']) {
      expect(firstMessage(verifyOtpSchema.safeParse({ email: 'a@b.co', otp })), otp).toBe(
        messages.invalidOtp,
      );
    }
    expect(verifyOtpSchema.safeParse({ email: 'a@b.co', otp: '0042' }).success).toBe(true);
  });
});

describe('profile and PIN (§5)', () => {
  it('drops empty fields from a profile update', () => {
    expect(updateUserSchema.parse({ firstName: '', lastName: 'Obi' })).toEqual({ lastName: 'Obi' });
    expect(updateUserSchema.parse({ phoneNumber: '+234 803 123 4567' })).toEqual({
      phoneNumber: '08031234567',
    });
    expect(firstMessage(updateUserSchema.safeParse({ phoneNumber: '123' }))).toBe(
      messages.invalidPhoneFormat,
    );
  });

  it('checks KYC details with the spec messages', () => {
    const ok = {
      firstName: 'A',
      lastName: 'B',
      phoneNumber: '08031234567',
      gender: 'female',
      birthDate: '1990-01-31',
    };
    expect(kycDetailsSchema.parse(ok).phoneNumber).toBe('+2348031234567');
    expect(firstMessage(kycDetailsSchema.safeParse({ ...ok, firstName: '' }))).toBe(
      messages.firstNameRequired,
    );
    expect(firstMessage(kycDetailsSchema.safeParse({ ...ok, lastName: '' }))).toBe(
      messages.lastNameRequired,
    );
    expect(firstMessage(kycDetailsSchema.safeParse({ ...ok, phoneNumber: '' }))).toBe(
      messages.phoneRequired,
    );
    expect(firstMessage(kycDetailsSchema.safeParse({ ...ok, gender: '' }))).toBe(
      messages.genderRequired,
    );
    expect(firstMessage(kycDetailsSchema.safeParse({ ...ok, birthDate: '' }))).toBe(
      messages.birthDateRequired,
    );
    const young = `${new Date().getUTCFullYear() - 17}-01-01`;
    expect(firstMessage(kycDetailsSchema.safeParse({ ...ok, birthDate: young }))).toBe(
      messages.mustBeAdult,
    );
  });

  it('computes age by calendar, not by 365-day years', () => {
    expect(ageInYears('2000-06-15', new Date('2018-06-14T12:00:00Z'))).toBe(17);
    expect(ageInYears('2000-06-15', new Date('2018-06-15T00:00:00Z'))).toBe(18);
  });

  it('wants a 4-digit PIN', () => {
    for (const pin of ['123', '12345', '12a4', '']) {
      expect(firstMessage(setPinSchema.safeParse({ transactionPin: pin })), pin).toBe(
        messages.pinExactlyFour,
      );
    }
  });
});

describe('dates', () => {
  it('refuses dates that do not exist', () => {
    const ok = { firstName: 'A', lastName: 'B', phoneNumber: '08031234567', gender: 'male' };
    expect(firstMessage(kycDetailsSchema.safeParse({ ...ok, birthDate: '2000-02-31' }))).toBe(
      messages.birthDateRequired,
    );
    expect(kycDetailsSchema.safeParse({ ...ok, birthDate: '2000-02-29' }).success).toBe(true);
  });
});
