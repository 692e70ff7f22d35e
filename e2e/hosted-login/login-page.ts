/** The stand-in hosted UI's sign-in page (e2e only): e-mail and password, in Japanese like the app. */
const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const loginPage = ({
  action,
  email = '',
  failed = false,
}: {
  action: string;
  email?: string;
  failed?: boolean;
}) => `<!doctype html>
<html lang="ja">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>サインイン（テスト用ホストログイン）</title></head>
<body>
<main>
<h1>サインイン</h1>
${failed ? '<p role="alert">メールアドレスまたはパスワードが正しくありません。</p>' : ''}
<form method="post" action="${escape(action)}">
<p><label for="email">メールアドレス</label><br><input id="email" name="email" type="email" autocomplete="username" value="${escape(email)}" required></p>
<p><label for="password">パスワード</label><br><input id="password" name="password" type="password" autocomplete="current-password" required></p>
<p><button type="submit">サインイン</button></p>
</form>
</main>
</body>
</html>`;
