#!/usr/bin/env python3
"""Copy the asset catalogs of the surveyed repositories out of git, at the pinned commits.

    python3 Tools/catalog-survey/extract_catalogs.py --git-dirs DIR --out CATALOGS

DIR holds one git repository per entry of repos.json, named owner+name (a clone or a bare
repository; DIR/owner+name/repo is tried too). Each must contain the pinned commit, e.g.

    git clone --bare https://github.com/duckduckgo/iOS DIR/duckduckgo+iOS

Every .xcassets folder at the commit (outermost only) is written, unchanged, to
CATALOGS/owner+name/<path in the repository>, except folders under the repository's 'exclude'
paths and the image sets in 'sets_absent'. CATALOGS/catalogs.json lists what was written.
Stdlib only; nothing is written into the repository that runs this script.
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def git(gitdir, *args, data=None):
    return subprocess.run(["git", "--git-dir", gitdir, *args], input=data,
                          capture_output=True, check=True).stdout


def find_gitdir(root, slug):
    for cand in (os.path.join(root, slug, "repo"), os.path.join(root, slug, ".git"),
                 os.path.join(root, slug)):
        if os.path.isdir(cand) and os.path.exists(os.path.join(cand, "HEAD")):
            return cand
    return None


def catalog_root(path):
    parts = path.split("/")
    for i, p in enumerate(parts[:-1]):
        if p.endswith(".xcassets"):
            return "/".join(parts[:i + 1])
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("--git-dirs", required=True, help="folder of owner+name git repositories")
    ap.add_argument("--out", required=True, help="folder to write the catalogs into")
    ap.add_argument("--repos", default=os.path.join(HERE, "repos.json"))
    args = ap.parse_args()
    repos = json.load(open(args.repos))["repos"]
    listing = []
    for r in repos:
        slug = r["name"].replace("/", "+")
        gitdir = find_gitdir(args.git_dirs, slug)
        if gitdir is None:
            sys.exit(f"{slug}: no git repository under {args.git_dirs}")
        commit = r["commit"]
        if subprocess.run(["git", "--git-dir", gitdir, "cat-file", "-e", commit + "^{commit}"],
                          capture_output=True).returncode != 0:
            sys.exit(f"{slug}: commit {commit} is not in {gitdir}")
        rows = git(gitdir, "ls-tree", "-r", "-z", "--full-tree", commit).split(b"\0")
        excluded = tuple(r.get("exclude", []))
        absent = tuple(s.rstrip("/") + "/" for s in r.get("sets_absent", []))
        files = []
        for row in rows:
            if not row:
                continue
            meta, path = row.split(b"\t", 1)
            mode, kind, sha = meta.split()
            path = path.decode("utf-8")
            if kind != b"blob" or catalog_root(path) is None:
                continue
            if any(path.startswith(e) or ("/" + e) in path for e in excluded):
                continue
            if any(path.startswith(a) for a in absent):
                continue
            files.append((path, sha.decode(), mode.decode()))
        cats = sorted({catalog_root(p) for p, _, _ in files})
        # read every blob in one git process
        req = "".join(sha + "\n" for _, sha, _ in files).encode()
        out = git(gitdir, "cat-file", "--batch", data=req)
        pos = 0
        for path, sha, mode in files:
            header_end = out.index(b"\n", pos)
            header = out[pos:header_end].split()
            if header[-1] == b"missing":
                sys.exit(f"{slug}: {path} is missing from the repository; add its set to sets_absent")
            size = int(header[2])
            blob = out[header_end + 1:header_end + 1 + size]
            pos = header_end + 1 + size + 1
            dest = os.path.join(args.out, slug, path)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            if mode == "120000":  # a symbolic link: keep it as one, as git checks it out
                if os.path.lexists(dest):
                    os.remove(dest)
                os.symlink(blob.decode(), dest)
            else:
                with open(dest, "wb") as f:
                    f.write(blob)
        for c in cats:
            listing.append({"repo": r["name"], "commit": commit, "catalog": c,
                            "path": os.path.join(slug, c)})
        print(f"{slug}: {len(cats)} catalogs, {len(files)} files")
    with open(os.path.join(args.out, "catalogs.json"), "w") as f:
        json.dump({"catalogs": listing}, f, indent=1)
    print(f"{len(listing)} catalogs from {len(repos)} repositories")


if __name__ == "__main__":
    main()
