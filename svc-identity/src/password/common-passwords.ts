/**
 * The most used passwords of public breach lists (and their obvious Danish cousins), at least 6 characters long
 * (shorter ones are refused anyway). Compared without case.
 */
const commonPasswords = new Set([
  '123456', '1234567', '12345678', '123456789', '1234567890', '0123456789', '987654321', '654321', '123123',
  '123321', '112233', '121212', '111111', '000000', '555555', '666666', '777777', '888888', '999999', '11111111',
  '00000000', '159753', '147258', '147258369', '7777777', '1q2w3e', '1q2w3e4r', '1q2w3e4r5t', '1qaz2wsx', 'qwerty',
  'qwerty1', 'qwerty123', 'qwertyuiop', 'asdfgh', 'asdfghjkl', 'zxcvbn', 'zxcvbnm', 'azerty', 'aaaaaa', 'abc123',
  'abcdef', 'abcd1234', 'password', 'password1', 'password12', 'password123', 'passw0rd', 'p@ssw0rd', 'iloveyou',
  'letmein', 'welcome', 'welcome1', 'monkey', 'dragon', 'football', 'baseball', 'sunshine', 'princess', 'master',
  'shadow', 'superman', 'batman', 'michael', 'trustno1', 'starwars', 'whatever', 'freedom', 'computer', 'secret',
  'changeme', 'hello123', 'admin123', 'administrator', 'test123', 'test1234', 'testtest', 'qazwsx', 'mustang',
  'access', 'charlie', 'donald', 'jordan23', 'loveme', 'login123', 'adgangskode', 'adgangskode1', 'kodeord',
  'kodeord1', 'kodeord123', 'hemmeligt', 'fragtbud', 'fragtbud1', 'danmark', 'danmark1', 'kobenhavn', 'københavn',
  'sommer', 'sommer2024', 'sommer2025', 'sommer2026', 'vinter', 'hejhej', 'hejmeddig', 'elskerdig', 'fodbold',
  'brondby', 'fckobenhavn', 'qwerty12', 'abc12345', 'q1w2e3r4', 'zaq12wsx', '1234qwer', 'qwer1234',
]);

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.trim().toLowerCase());
}
