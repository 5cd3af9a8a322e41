/**
 * The native public API from start to end, as one program in each language: a token for the
 * app key in `APP_ID` / `APP_SECRET` (the environment), a text translation, then a document the
 * asynchronous way (create the task with a file, poll `open/doc/query` every 2 s until it is
 * done, download the translation). Each writes `hello.txt` and `hello.zh-cn.txt` in the current
 * folder. test/openapi-examples.test.ts runs each exactly as written (only the origin changes).
 */
import type { CodeSample } from './code-samples';

export function nativeFlowSamples(origin: string): CodeSample[] {
  const api = `${origin}/api/v1.0/open`;
  return [
    {
      lang: 'Shell',
      label: 'curl (bash, with jq)',
      source: `set -euo pipefail
API='${api}'

# A native call: prints the answer; a refusal ({code, msg, errorMsg, data: null}) goes to stderr and stops.
call() {
  local answer
  answer=$(curl -sS "$@")
  if [ "$(jq -r .code <<<"$answer")" != 20000 ]; then echo "$answer" >&2; exit 1; fi
  echo "$answer"
}

# 1. An access token for your app key (the user center's API keys; valid for data.expires_in seconds).
TOKEN=$(call -X POST "$API/token" -H 'Content-Type: application/json' \\
  -d "$(jq -n --arg id "$APP_ID" --arg secret "$APP_SECRET" '{app_id: $id, app_secret: $secret}')" | jq -r .data.token)
AUTH="Authorization: Bearer $TOKEN"

# 2. Text: one string or a list of segments.
call -X POST "$API/translate" -H "$AUTH" -H 'Content-Type: application/json' \\
  -d '{"text": ["twenty one", "three hundred"], "src_lang": "en-us", "tgt_lang": "zh-cn"}' | jq -r '.data.translations[].translated'

# 3. A document, asynchronously: create the task...
printf 'twenty one\\n' > hello.txt
TASK=$(call -X POST "$API/doc/create" -H "$AUTH" -F file=@hello.txt -F src_lang=en-us -F tgt_lang=zh-cn | jq -r .data.task_id)

# ...ask every 2 seconds until it is done...
while :; do
  STATUS=$(call "$API/doc/query?task_id=$TASK" -H "$AUTH")
  case $(jq -r .data.status <<<"$STATUS") in
    working) sleep 2 ;;
    done) break ;;
    *) echo "$STATUS" >&2; exit 1 ;;
  esac
done

# ...and download the translated file.
FILE=$(jq -r '.data.files[0].file_id' <<<"$STATUS")
curl -sS -f -o hello.zh-cn.txt "$API/doc/download?task_id=$TASK&file_id=$FILE" -H "$AUTH"
cat hello.zh-cn.txt`,
    },
    {
      lang: 'JavaScript',
      label: 'JavaScript (Node 18+, an ES module: save as flow.mjs)',
      source: `import { readFile, writeFile } from 'node:fs/promises';

const API = '${api}';

/** A native call: the answer's data (or a downloaded file's bytes); a refusal throws its code and message. */
async function call(path, { token, json, form } = {}) {
  const res = await fetch(\`\${API}/\${path}\`, {
    method: json || form ? 'POST' : 'GET',
    headers: { ...(token && { Authorization: \`Bearer \${token}\` }), ...(json && { 'Content-Type': 'application/json' }) },
    body: json ? JSON.stringify(json) : form,
  });
  if (!res.headers.get('content-type')?.startsWith('application/json')) return Buffer.from(await res.arrayBuffer());
  const { code, msg, data } = await res.json();
  if (code !== 20000) throw new Error(\`\${code} \${msg}\`);
  return data;
}

// 1. An access token for your app key (the user center's API keys).
const { token } = await call('token', { json: { app_id: process.env.APP_ID, app_secret: process.env.APP_SECRET } });

// 2. Text: one string or a list of segments.
const text = await call('translate', { token, json: { text: ['twenty one', 'three hundred'], src_lang: 'en-us', tgt_lang: 'zh-cn' } });
for (const t of text.translations) console.log(t.translated);

// 3. A document, asynchronously: create the task...
await writeFile('hello.txt', 'twenty one\\n');
const form = new FormData();
form.append('file', new Blob([await readFile('hello.txt')]), 'hello.txt');
form.append('src_lang', 'en-us');
form.append('tgt_lang', 'zh-cn');
const { task_id } = await call('doc/create', { token, form });

// ...ask every 2 seconds until it is done...
let task;
while ((task = await call(\`doc/query?task_id=\${task_id}\`, { token })).status === 'working') {
  await new Promise((resolve) => setTimeout(resolve, 2000));
}
if (task.status !== 'done') throw new Error(\`\${task.files[0].status}: \${task.files[0].message}\`);

// ...and download the translated file.
const file = await call(\`doc/download?task_id=\${task_id}&file_id=\${task.files[0].file_id}\`, { token });
await writeFile('hello.zh-cn.txt', file);
console.log(file.toString('utf8').trim());`,
    },
    {
      lang: 'Python',
      label: 'Python 3.8+ (requests)',
      source: `import os
import time

import requests

API = "${api}"


def call(path, token=None, **kwargs):
    """A native call: the answer's data (or a downloaded file's bytes); a refusal raises its code and message."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    method = "POST" if "json" in kwargs or "files" in kwargs else "GET"
    res = requests.request(method, f"{API}/{path}", headers=headers, **kwargs)
    if not res.headers.get("Content-Type", "").startswith("application/json"):
        return res.content
    body = res.json()
    if body["code"] != 20000:
        raise RuntimeError(f"{body['code']} {body['msg']}")
    return body["data"]


# 1. An access token for your app key (the user center's API keys).
token = call("token", json={"app_id": os.environ["APP_ID"], "app_secret": os.environ["APP_SECRET"]})["token"]

# 2. Text: one string or a list of segments.
text = call("translate", token, json={"text": ["twenty one", "three hundred"], "src_lang": "en-us", "tgt_lang": "zh-cn"})
for t in text["translations"]:
    print(t["translated"])

# 3. A document, asynchronously: create the task...
with open("hello.txt", "w", encoding="utf-8") as f:
    f.write("twenty one\\n")
with open("hello.txt", "rb") as f:
    form = {"src_lang": "en-us", "tgt_lang": "zh-cn"}
    task_id = call("doc/create", token, files={"file": ("hello.txt", f)}, data=form)["task_id"]

# ...ask every 2 seconds until it is done...
while (task := call("doc/query", token, params={"task_id": task_id}))["status"] == "working":
    time.sleep(2)
if task["status"] != "done":
    raise RuntimeError(f"{task['files'][0]['status']}: {task['files'][0]['message']}")

# ...and download the translated file.
translated = call("doc/download", token, params={"task_id": task_id, "file_id": task["files"][0]["file_id"]})
with open("hello.zh-cn.txt", "wb") as f:
    f.write(translated)
print(translated.decode("utf-8").strip())`,
    },
  ];
}
