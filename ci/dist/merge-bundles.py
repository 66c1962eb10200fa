#!/usr/bin/env python3
"""Joins the dist folders ci/dist.sh wrote on each platform into a release: every tarball, one
covgate.artifactbundle holding every platform's variant (info.json listing them all) and its zip,
and SHA256SUMS of every file.

With URL_BASE (where the release's files will be downloaded from), it also writes
plugin-Package.swift: the binary plugin's manifest naming the bundle zip by URL and checksum (the
SHA-256 SwiftPM checks), for the plugin package a release publishes.

Usage: merge-bundles.py PARTS_FOLDER RELEASE_FOLDER [URL_BASE]
  PARTS_FOLDER holds one folder per platform, each with a tarball and a covgate.artifactbundle.
"""
import hashlib, json, os, shutil, sys, zipfile

parts, release = sys.argv[1], sys.argv[2]
url_base = sys.argv[3] if len(sys.argv) > 3 else None
os.makedirs(release, exist_ok=True)
bundle = os.path.join(release, "covgate.artifactbundle")
shutil.rmtree(bundle, ignore_errors=True)
os.makedirs(bundle)
merged = None
for part in sorted(os.listdir(parts)):
    folder = os.path.join(parts, part)
    for name in os.listdir(folder):
        if name.endswith(".tar.gz"):
            shutil.copy2(os.path.join(folder, name), release)
    source = os.path.join(folder, "covgate.artifactbundle")
    info = json.load(open(os.path.join(source, "info.json")))
    artifact = info["artifacts"]["covgate"]
    for variant in artifact["variants"]:
        top = variant["path"].split("/")[0]
        shutil.copytree(os.path.join(source, top), os.path.join(bundle, top), dirs_exist_ok=False)
    if merged is None:
        merged = info
        shutil.copy2(os.path.join(source, "LICENSE"), os.path.join(bundle, "LICENSE"))
    else:
        mine = merged["artifacts"]["covgate"]
        if mine["version"] != artifact["version"]:
            sys.exit(f"merge-bundles: {part} is version {artifact['version']}, the others {mine['version']}")
        mine["variants"] += artifact["variants"]
if merged is None:
    sys.exit(f"merge-bundles: no platform folders in {parts}")
json.dump(merged, open(os.path.join(bundle, "info.json"), "w"), indent=2)
# upload-artifact and download-artifact drop the run bit: each variant's binary gets it back
# before it is zipped (the zip keeps each file's mode), or SwiftPM reports "Permission denied".
for variant in merged["artifacts"]["covgate"]["variants"]:
    os.chmod(os.path.join(bundle, variant["path"]), 0o755)
with zipfile.ZipFile(os.path.join(release, "covgate.artifactbundle.zip"), "w", zipfile.ZIP_DEFLATED) as archive:
    for root, _, files in os.walk(bundle):
        for name in sorted(files):
            path = os.path.join(root, name)
            archive.write(path, os.path.relpath(path, release))
with open(os.path.join(release, "SHA256SUMS"), "w") as sums:
    for name in sorted(os.listdir(release)):
        if name.endswith((".tar.gz", ".zip")):
            digest = hashlib.sha256(open(os.path.join(release, name), "rb").read()).hexdigest()
            sums.write(f"{digest}  {name}\n")
if url_base:
    zip_path = os.path.join(release, "covgate.artifactbundle.zip")
    checksum = hashlib.sha256(open(zip_path, "rb").read()).hexdigest()
    here = os.path.dirname(os.path.abspath(__file__))
    manifest = open(os.path.join(here, "plugin-Package.swift")).read()
    local = '.binaryTarget(name: "covgate", path: "covgate.artifactbundle")'
    assert local in manifest, "plugin-Package.swift no longer names the bundle by path"
    remote = (f'.binaryTarget(\n      name: "covgate", url: "{url_base.rstrip("/")}/covgate.artifactbundle.zip",\n'
              f'      checksum: "{checksum}")')
    open(os.path.join(release, "plugin-Package.swift"), "w").write(manifest.replace(local, remote))
