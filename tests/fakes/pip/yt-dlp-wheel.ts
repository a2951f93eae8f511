import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';

/**
 * Builds a yt-dlp wheel from the yt-dlp the machine has (Debian's `python3-yt-dlp`, found with
 * the yt-dlp on PATH), stamped with `version`, into `dir`: a local package source for pip
 * (`PIP_NO_INDEX=1 PIP_FIND_LINKS=<dir>`), so tests of the private yt-dlp install never reach
 * the network. The wheel holds the real yt-dlp code; only its version string differs, which is
 * how a test tells the private copy from the one on PATH.
 */
export function buildYtDlpWheel(dir: string, version: string): string {
  mkdirSync(dir, { recursive: true });
  const python = ytDlpPython();
  return execFileSync(python, ['-c', WHEEL_SCRIPT, dir, version], { encoding: 'utf8' }).trim();
}

/**
 * Builds a yt-dlp wheel that installs and reports `version` but is broken the way a bad release
 * could be: it prints a help text, and refuses vidkeep's arguments
 * (`yt-dlp: error: no such option: --windows-filenames`, exit 2). What the update's canary
 * must catch before such a release is used.
 */
export function buildBrokenYtDlpWheel(dir: string, version: string): string {
  mkdirSync(dir, { recursive: true });
  return execFileSync(ytDlpPython(), ['-c', BROKEN_WHEEL_SCRIPT, dir, version], { encoding: 'utf8' }).trim();
}

/** The Python that runs the yt-dlp on PATH (from its `#!` line): it can import `yt_dlp`. */
function ytDlpPython(): string {
  const ytdlp = execFileSync('sh', ['-c', 'command -v yt-dlp'], { encoding: 'utf8' }).trim();
  const first = execFileSync('head', ['-n1', ytdlp], { encoding: 'utf8' }).trim();
  return first.startsWith('#!') ? first.slice(2).trim().split(/\s+/)[0]! : 'python3';
}

const WHEEL_SCRIPT = `
import os, re, sys, zipfile, yt_dlp
out, version = sys.argv[1], sys.argv[2]
src = os.path.dirname(yt_dlp.__file__)
name = f"yt_dlp-{version}-py3-none-any.whl"
dist = f"yt_dlp-{version}.dist-info"
records = []
with zipfile.ZipFile(os.path.join(out, name), "w", zipfile.ZIP_DEFLATED) as z:
    for root, dirs, files in os.walk(src):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for f in files:
            if f.endswith(".pyc"):
                continue
            full = os.path.join(root, f)
            arc = os.path.join("yt_dlp", os.path.relpath(full, src))
            data = open(full, "rb").read()
            if arc == "yt_dlp/version.py":
                data = re.sub(rb"__version__ = '[^']*'", f"__version__ = '{version}'".encode(), data)
            z.writestr(arc, data)
            records.append(arc)
    meta = {
        "METADATA": f"Metadata-Version: 2.1\\nName: yt-dlp\\nVersion: {version}\\n",
        "WHEEL": "Wheel-Version: 1.0\\nGenerator: vidkeep-tests\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n",
        "entry_points.txt": "[console_scripts]\\nyt-dlp = yt_dlp:main\\n",
    }
    for k, v in meta.items():
        z.writestr(f"{dist}/{k}", v)
        records.append(f"{dist}/{k}")
    records.append(f"{dist}/RECORD")
    z.writestr(f"{dist}/RECORD", "".join(f"{r},,\\n" for r in records))
print(os.path.join(out, name))
`;

const BROKEN_WHEEL_SCRIPT = `
import os, sys, zipfile
out, version = sys.argv[1], sys.argv[2]
name = f"yt_dlp-{version}-py3-none-any.whl"
dist = f"yt_dlp-{version}.dist-info"
main = "\\n".join([
    "import sys",
    "NL = chr(10)",
    "def main(argv=None):",
    "    args = sys.argv[1:] if argv is None else argv",
    "    if '--version' in args:",
    f"        print('{version}')",
    "        return 0",
    "    if '--help' in args:",
    "        print(NL.join(['Usage: yt-dlp [OPTIONS] URL [URL...]', '', 'Options:', '    -h, --help    Print this help text and exit', '    --version     Print program version and exit']))",
    "        return 0",
    "    sys.stderr.write(NL.join(['Usage: yt-dlp [OPTIONS] URL [URL...]', '', 'yt-dlp: error: no such option: --windows-filenames', '']))",
    "    return 2",
    "",
])
files = {
    "yt_dlp/__init__.py": main,
    f"{dist}/METADATA": f"Metadata-Version: 2.1\\nName: yt-dlp\\nVersion: {version}\\n",
    f"{dist}/WHEEL": "Wheel-Version: 1.0\\nGenerator: vidkeep-tests\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n",
    f"{dist}/entry_points.txt": "[console_scripts]\\nyt-dlp = yt_dlp:main\\n",
}
with zipfile.ZipFile(os.path.join(out, name), "w", zipfile.ZIP_DEFLATED) as z:
    for arc, data in files.items():
        z.writestr(arc, data)
    z.writestr(f"{dist}/RECORD", "".join(f"{a},,\\n" for a in [*files, f"{dist}/RECORD"]))
print(os.path.join(out, name))
`;
