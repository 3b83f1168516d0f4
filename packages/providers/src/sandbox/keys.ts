/**
 * The keys the sandbox accepts by default. They are not secrets: the sandbox only runs locally, and
 * the API uses these in sandbox mode so the adapters send real auth headers that the simulators
 * check (a wrong key gets each supplier's own 401).
 */
import type { VtpassKeys } from '../types';

/**
 * Safe Haven test key pair (RSA 2048, generated once for the sandbox; not a secret). The adapter
 * signs its client assertion with the private key; the simulator checks it with the public key.
 */
const SAFEHAVEN_SANDBOX_PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----
MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDE3wvdHY5z7DdT
0jy+GEtYZ9BaAV/Zh+X0gEeduW34eS7n0GFAW9wuxQMnriKygb6IBo8MshveFqdP
52Bq1MCXsH5kE2jaFdPwMnex/xpDY8KGduGm7uY0YUKFd+pT9mDcRQ3YVEO09rtB
aGTGxUwYWhwpFjjoeeIuuoYlnQD+iKaxmfjT0XK1DYWzn59SMRQJk5mV5mkFL77z
VGIUlGJwQccZ7GWI5aynCnm3QNVZn53zFKDCyhEje6HCND7sI418bqEgnCYXq/QB
2DUqvZf4Hv+i9zYkj4R58o0Kcgwydz4vJKK+y+MeJPcOcbjz8W116MuG5CslhtPu
FpgXBGmFAgMBAAECggEABUXukASiDSuiXvKYDlHUqtCIPYqHe7ch8XoCJEP6oX4o
qhLkMZCEUq7HCXTZ/xGhZD+9hlruJI7sxyO5ngLtPOLmvJCvuhYXMC1AR+c/JKQm
alDPqH4CDBy5M52YcplJBn1fBCoo1uiiiWHEP6kg0A74Ooca2epx1+VgThLPgc6X
lSIs3diX9ZdAMtz4vo4IPdFyfctxb5ECghRCICXgJ0zLgZLIRZlTjD2VnntQLKW4
uXQNpKdKN7dczQI7Og4fds3YRRrdI3SYo7SW1piiiUS9XhHhM1AD3/KMFkKAwtyF
aJujFu4aEvh246lUFpWERs4ZG7NvjyeK/pL1Q9jlAQKBgQDnMJGLgit14qhHVrom
K/Yjl6NPdri/M7t7/Yy1bSarmqbW99q0RWsid/4wx0dLQtnyv1QpZ7yeY8pozwNn
o6Q6Axvw7d0f15+kW9sx197dAsi5uBfWzvvK9BhBKOFGNzc+2jGqqCqAqQAnkku8
hTuVPgHJEerdZGdaYxQZJ+DQRQKBgQDZ/6dUYL+JhsN78n+8tg6MIcY+Y/bLppJh
XlHlll2ZYQ+TlyIT6NtLgiexffDtSsrV4Jl8H56hw+yl5Lgc6/UV6aiw/jnPzpF5
dZES176vewcyHJEE6tKyymvkzazMyFdhFM3Lwlav20vMWIDoSmz56vaRfiP3a8tO
TNyLLv3oQQKBgQDbVj/vjLrw5+5haE3JY1HtqLL+9BMJC+qnEwHJKtpSWrJJJvNu
rqGbHR6jZp0kMTOX05/kfI/98Y0abLS9QgrQIx0CMpnk2OyTwbYvDrBZHIgVcyvi
15MZlQXh5Af+VupqDhaq40sXr77+zBRgskK6MA7/lakvDE/l+DQcPbJTxQKBgGtu
Ut8BQsMal7G4gvzT1311k4Xhq5kXAKJdYgy7umrA63U3kMKxCYk/niIZR6cZKbaX
FeyWhI2ByVjDy3vtSH3BBbIbxw/C4+wwZQsdKUq/XX9zloAO3UDhAqTiOxs8S9t6
7iRRJHlLoCIXJ4fSTbwn79Upjb378FgpBrLMuLJBAoGBAIspDm9k2TaHT8vj4Vwp
n0JylERVFEj88X6pSD+fjt8aw6gpO9h8oDEZCE3ORMR2VaeYsnIE3hzHbMzW4Wxw
WtxBt6s/IoZmI0TbEnqYBix4IjIWWNTEEErAPlqcOjJLZJZbP7ThtUhye7MVPSUZ
g6JvEkTmURXlng9R1W6LOaGJ
-----END PRIVATE KEY-----`;

const SAFEHAVEN_SANDBOX_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAxN8L3R2Oc+w3U9I8vhhL
WGfQWgFf2Yfl9IBHnblt+Hku59BhQFvcLsUDJ64isoG+iAaPDLIb3hanT+dgatTA
l7B+ZBNo2hXT8DJ3sf8aQ2PChnbhpu7mNGFChXfqU/Zg3EUN2FRDtPa7QWhkxsVM
GFocKRY46HniLrqGJZ0A/oimsZn409FytQ2Fs5+fUjEUCZOZleZpBS++81RiFJRi
cEHHGexliOWspwp5t0DVWZ+d8xSgwsoRI3uhwjQ+7CONfG6hIJwmF6v0Adg1Kr2X
+B7/ovc2JI+EefKNCnIMMnc+LySivsvjHiT3DnG48/FtdejLhuQrJYbT7haYFwRp
hQIDAQAB
-----END PUBLIC KEY-----`;

/**
 * PalmPay test key pairs (RSA 2048, generated once for the sandbox; not secrets). The merchant pair
 * is ours: the adapter signs requests with its private key and the simulator checks them with its
 * public key. The platform pair is PalmPay's: the simulator signs webhooks with its private key and
 * the adapter checks them with its public key.
 */
const PALMPAY_SANDBOX_MERCHANT_PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----
MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDhCEOR/BcjCL8G
S78IuLrR66nFmnk/HT55uSpKNtBcGNll/akNzBHvCHyP/HsdngCW6E8nGQYKh4o2
ZuGm/vKVsXi/2otiiWMM+mgoFcVYww7w5RiPpHSuaN6/gayG6dHjItycXem3ufN1
3qab5jopDqbnsA3X4VYpavmjGMWx5MSuUwy7YBcjoADhsW9eoK4+XhturziOFuCE
yniY/s17rc8T+Xc21qWB3A0Z35GL5xjG9sPCV/5x+gXdl+EbmLmcKfpEhKZXkn1f
0tohOrkLIKTvCUP6svOQ8eFTH9BKCSj5Fze3H//yPeRkFtTAxaW4+2pgU4uZvr/r
ifbuWUFzAgMBAAECggEAMZQnhvdahZ58r79qhFpm1q8sRVwGUJB53kmcdqNi/pd+
9kiPwXlvjhF5mCORYHIaQSVHox6RRSqdmeTK3IcZHT/vkZ1tzjTkvMxCvGong6ne
FdbztVoPVwnF4b2JLGRBmOBqaI0MXC085YA7huePctJGlY8lTaXY3OEzxOpFTC7n
/0vL1dcH+L0olx2X6cNntcc/GUdQJewDvSda3BWOE4h/t0sNr/PN9DyktmJK5iFR
Lwd/uMx7cWa/uKbutNEwrp1Hwi7OlhvpQlPpjZCEjmqJ6hGSO3OOR1dOycNfAFsV
jkGi9gwNJLb/jzvX4m0JULCw1chCpjNHU0n7RHvF8QKBgQD7+SWMdpV5lPTh+UIn
Nc0bXL8ceD7tb2AkDIAICkWERVxinvRMPCDDg+Pj9KNaOqBVYTGu/7+rZHapuDRp
gW85bRd+3DEjgedETG8tghMkSlqAVC3zD3B/TU9warOMps7XEeWVcrc9b+tTZXCQ
l2/cLib+1Y0HaSuuOCZtKzc2+wKBgQDkoOYHsfAwKzPCFnnCeIQeSYSrYBC0abCp
MdS/0cnBC8q57A/Xb8V4Cc1hNNrkdXWC1lwE2ex7uhdZG245Cc7pGCX14GHStW1k
i3zaSPyaG8wBdClpDH0phHGzHAyUs/IJirrSqEfeItzssF2N7iMIFHvHmrZ7I6+s
98joM0716QKBgDTvOnwvzWcla+ytOMCUBOriqSOJ/25SH5hzJ9KIleIb0DTHv/rk
Bt4MLywMkOS7vEMzkAR7pgCTsnolQJ2Jm5ws1urHx2r2N2eZxyGAWhUdqbWb+as+
axvTWgT75Yx+3qVAFUM4Plah1IZIoUU/CzjuWTLgGiicZ5jKIwh8M7VRAoGBAKDb
S70SRqm9W7cs1RIsdNhSZZOmDVrCGdeRBdzIH6lBQKs7GZI8Q7VHQEcqRvACbGFX
rHqFUUtkDNVW5WAgNIHvyZWK/4ieuY7KTVfPjlpnQEutjQ0qCk3Rr6WTEI73ZE2u
W++nEpmJ8eJd3BTl/aPLtaMkiUtuOkX6OFKW9vExAoGBAMSFGq16/PghU/wERwq1
iGsYEwIDfqD3CwEcDA5GwcmxITXh1CXloRu+QORbEZFwz4akwd0ebuszfnnMlEfM
Lv3PaY7LK913euWi3DtcUwj/Vi+JjMuyF658Pn6d3wf/93gGPhca6zqtEiFgbxCc
eiaRxGRa3a8rVTiFdJu8Vv7n
-----END PRIVATE KEY-----`;

const PALMPAY_SANDBOX_MERCHANT_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA4QhDkfwXIwi/Bku/CLi6
0eupxZp5Px0+ebkqSjbQXBjZZf2pDcwR7wh8j/x7HZ4AluhPJxkGCoeKNmbhpv7y
lbF4v9qLYoljDPpoKBXFWMMO8OUYj6R0rmjev4GshunR4yLcnF3pt7nzdd6mm+Y6
KQ6m57AN1+FWKWr5oxjFseTErlMMu2AXI6AA4bFvXqCuPl4bbq84jhbghMp4mP7N
e63PE/l3NtalgdwNGd+Ri+cYxvbDwlf+cfoF3ZfhG5i5nCn6RISmV5J9X9LaITq5
CyCk7wlD+rLzkPHhUx/QSgko+Rc3tx//8j3kZBbUwMWluPtqYFOLmb6/64n27llB
cwIDAQAB
-----END PUBLIC KEY-----`;

const PALMPAY_SANDBOX_PLATFORM_PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----
MIIEvAIBADANBgkqhkiG9w0BAQEFAASCBKYwggSiAgEAAoIBAQDBYCPdCyxke5Em
P0mdAxK8/moyBUoyRmfAgmFKhaXS1gUJ6m4n13fqSBnvCifkf+YYGJk/mWv294pm
B8KOFCExS7gDH5SQC2AeMNFFp41z9m4sWMiJvp/KIAUN+FrIeTNdDoIctnzaYfSd
h/JcO/Bv47Z10tFUbxEd2tgxh+Qcdi6lc/Pkv4D8FFceYy6sz+tQ5twQd41UlEXs
LAmg8zB+MsSPcHPnB8eRzP+YqHKWVVEOWzmGOzggVhf0FCCGuUlwmTk8zWxI4Uqd
/P6r+/jjBtEviD6vgoKC0MIF97+DpT+YQq7377aAPZZ/nhWn61ZhsQKLKHYdCLpA
bsh2ry0/AgMBAAECggEAB+FYMZkgd7HPaIyz5JAFzFzdZmkJYByDyUUNT1RvijSw
vOA1GZUlLMKmbk07WST0v/uhcLjBI3qf+Bt0P4aTebPmILGoELZEXJNmgjbbQ72b
OZE4QhPzsaPcNBI9Kz+nkUqJ9wvHivC3kraoPXKV3Q43Ci/x2hJ/bJHvNUmEr4iR
ONZdtIkNJkScYvx6ezCEETvI1YYUkuIqSd2VHWbcIMy5APOrDQ6zw0ZbkrW3r8Cq
5QjbuS4o97nfcho7wsIjnyII0WKrR2YW+i8xQAfERbRgfRei8G9DZXACodDTJWxm
mMTmLqsU/O9fT5r/yWtPWLL4j0pTWUYB1rf78Z9yfQKBgQDtMTnNK2UqP0avXS5c
VSwmFrp5XyxrdNDa/rm1HuWu5vjy0Bw3JxRiLXWSwUMgPFbTZxs8YUpr8rkF3/w1
KYnVqiS6N3Jk8Wp9NrGysip5lp7a+zGZFBsAxGSVWh06I8JhVHvoAjpvbki32hPC
0FMPzA4ugN2XquX6HXcPF66T8wKBgQDQtXoQNSJ3ZLnYrex0SGsRFQi/7hBuUmls
DkA/a+JIRfb1ypNWoNJQhsoyhrwUld6a3DH4IxA+NWmKqp3Xir7JQurc14dOulxW
zfekC5aYFt3JkVWoFTd2GO2hLjrqnKxG38zSGezx32CsZs1f+2z9qq8j191Scx4h
EA2j4TZwhQKBgFtwe7kFvrVfuW9He+TqjN+OKYs6zpQKb63NP2h8pc0ci+KHqij0
7t2+arINwUP/HvXWrOBFHXyqEPwb0k3oWpO9SPVlBLu3efcVi8G4/7jqAQmohwFd
h99u1tvg5p2QRZJiEHZrzX1BxdTixHV4/Fx9rQXudf7PSmN20nxGA+5TAoGASy6U
YfJCEDBAokVEwD62Etk45aqkUJlvUHVxv2blhJNveusWWEZmfIuRmtHePqweHDrl
5TT8TOyAsGr1oQdh4q4wXI1nOHz5dmuLoZRrEy5phorMCFhcOjaQo1c78feuN3m3
FpgwOpD1CiWeJc00Xcx2errwBxtg5xgZUcd3DOECgYBsjdaxzI5rZ9gCGKunX8j0
EJgNNGjDpb0UR7Y7gftwiaacLWvXj+5xIKLzS0sD9fiVNP02ObpqRAwcHS+VPNsZ
FY8bsDZRFeD9wHz1YgO9ZSRNgc8ZhPfonpJcylzzgB9ConqllgNlmTWpkEO02xfH
tJPju8lGAnqlnSj9fkX1Pg==
-----END PRIVATE KEY-----`;

const PALMPAY_SANDBOX_PLATFORM_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAwWAj3QssZHuRJj9JnQMS
vP5qMgVKMkZnwIJhSoWl0tYFCepuJ9d36kgZ7won5H/mGBiZP5lr9veKZgfCjhQh
MUu4Ax+UkAtgHjDRRaeNc/ZuLFjIib6fyiAFDfhayHkzXQ6CHLZ82mH0nYfyXDvw
b+O2ddLRVG8RHdrYMYfkHHYupXPz5L+A/BRXHmMurM/rUObcEHeNVJRF7CwJoPMw
fjLEj3Bz5wfHkcz/mKhyllVRDls5hjs4IFYX9BQghrlJcJk5PM1sSOFKnfz+q/v4
4wbRL4g+r4KCgtDCBfe/g6U/mEKu9++2gD2Wf54Vp+tWYbECiyh2HQi6QG7Idq8t
PwIDAQAB
-----END PUBLIC KEY-----`;

export interface SandboxKeys {
  vtpass: VtpassKeys;
  datastation: { apiKey: string };
  ogdams: { apiKey: string };
  /** Safe Haven: our OAuth client id, the key pair that signs client assertions, our debit account. */
  safehaven: {
    clientId: string;
    privateKey: string;
    publicKey: string;
    debitAccountNumber: string;
    /** `iss` of the client assertion (our company URL). */
    companyUrl: string;
  };
  /** PalmPay: our app id (the bearer token) and the two key pairs above. */
  palmpay: {
    appId: string;
    merchantPrivateKey: string;
    merchantPublicKey: string;
    platformPrivateKey: string;
    platformPublicKey: string;
  };
}

export const SANDBOX_KEYS: SandboxKeys = {
  vtpass: {
    apiKey: 'owo-sandbox-vtpass-api-key',
    publicKey: 'PK_owo_sandbox_public_key',
    secretKey: 'SK_owo_sandbox_secret_key',
  },
  datastation: { apiKey: 'owo-sandbox-datastation-token' },
  ogdams: { apiKey: 'sk_test_owo_sandbox_key' },
  safehaven: {
    clientId: 'owo-sandbox-safehaven-oauth-client',
    privateKey: SAFEHAVEN_SANDBOX_PRIVATE_KEY,
    publicKey: SAFEHAVEN_SANDBOX_PUBLIC_KEY,
    debitAccountNumber: '0110000001',
    companyUrl: 'https://owo.sandbox.local',
  },
  palmpay: {
    appId: 'L240000000000000000SANDBOX',
    merchantPrivateKey: PALMPAY_SANDBOX_MERCHANT_PRIVATE_KEY,
    merchantPublicKey: PALMPAY_SANDBOX_MERCHANT_PUBLIC_KEY,
    platformPrivateKey: PALMPAY_SANDBOX_PLATFORM_PRIVATE_KEY,
    platformPublicKey: PALMPAY_SANDBOX_PLATFORM_PUBLIC_KEY,
  },
};
