#!/usr/bin/env python3
"""`make bench`: the glow-unlock workload (issue 8) rendered by `render` and by the
skia-python and pycairo peers in the same invocation, with the same frame count and jobs.

Prints and writes (Benchmarks/results/<time>-<commit>.json) frames per second end to end,
per-stage milliseconds, peak memory (GNU time's maximum resident set size), PNG bytes, the
ratios to the peers, the blur stage at sigma = 240 px against sigma = 8 px, peak memory at
60 and 600 frames, and whether every --jobs gives the same bytes. Two workloads, each with
both peers run in the same invocation: the dynamic window (frames 0-119, the charge, where
every frame changes) and the whole run (--frames, 360 by default). It also checks that
render draws the peers' picture: render's and pycairo's frames of the same index differ
by a mean of at most 1/255 per channel (decoded with Pillow and numpy). With ffmpeg on PATH it also
times Scenes/unlock.json as the PNG sequence and as mp4 (issue 18: the video must cost less than the
frames), three alternating runs each, wall and CPU of render and ffmpeg. And `render test` of Scenes/unlock.json,
unchanged, against goldens that the same binary recorded with the same options, against rendering it to PNG frames
(issues 24 and 25), five alternating runs each, wall (and CPU) time; `--test-vs-render` measures only that.

Note: the peers blur each shadow with sigma = radius, while the scene format's shadow of radius r
has sigma = 0.95 r (SwiftUI's .shadow as measured on device, scene-format section 4), so the
workload's radii are written "=R / 0.95" for the peers' R: the same sigmas, the same picture. Its
shadowed view says "shadowMode": "independent" for the same reason (the format's default chains
the shadows; the peers draw them side by side). The pixel check above catches a drift.

    Benchmarks/bench.py [--frames 360] [--jobs 2] [--render .build/release/render]
                        [--peers skia,cairo] [--keep DIR] [--quick] [--baseline OLD-RENDER]
    Benchmarks/bench.py --test-vs-render [--jobs 2] [--render .build/release/render]
    Benchmarks/bench.py --compare OLD.json NEW.json

Wall-clock figures on a shared machine are noisy: compare runs made close together, and
the peers' figures from the same run (that is why they run in every invocation).
"""
import argparse, datetime, json, os, re, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WORKLOAD = os.path.join(HERE, "glow-unlock.json")
UNLOCK = os.path.join(ROOT, "Scenes", "unlock.json")
PEERS = {"skia": "peer_skia.py", "cairo": "peer_cairo.py"}
PEER_DIRS = [os.environ.get("BENCH_PEER_DIR", ""), os.path.join(ROOT, "..", "shared", "bench"),
             os.path.join(ROOT, "shared", "bench"), "/work/shared/bench", HERE]
TIME = "/usr/bin/time"
STAGES = ["timeline", "layout", "displayList", "raster", "blur", "encode", "write"]
WINDOW = 120  # frames 0-119: the charge, where every frame differs from the one before
PIXEL_CHECK_FRAMES = [0, 30, 60, 90, 119, 200, 359]


def run_timed(cmd, cpu=False):
    """Runs cmd under GNU time -v; returns (stdout, wall seconds, peak RSS in KiB), and with cpu=True also the user +
    system CPU seconds of the process and its children (ffmpeg for a video)."""
    p = subprocess.run([TIME, "-v"] + cmd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"bench: {' '.join(cmd)} failed ({p.returncode}):\n{p.stdout}\n{p.stderr}")
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", p.stderr).group(1))
    m = re.search(r"Elapsed \(wall clock\) time.*: (?:(\d+):)?(\d+):([\d.]+)", p.stderr)
    wall = int(m.group(1) or 0) * 3600 + int(m.group(2)) * 60 + float(m.group(3))
    if cpu:
        seconds = sum(float(re.search(rf"{k} time \(seconds\): ([\d.]+)", p.stderr).group(1)) for k in ("User", "System"))
        return p.stdout, wall, rss, seconds
    return p.stdout, wall, rss


def png_bytes(folder):
    return sum(os.path.getsize(os.path.join(folder, f)) for f in os.listdir(folder)
               if f.startswith("frame_") and f.endswith(".png"))


def scene_variant(tmp, name, frames=None, shadows=None):
    """A copy of the workload with `frames` frames at 60 fps and/or another shadow list."""
    with open(WORKLOAD) as f:
        scene = json.load(f)
    if frames is not None:
        scene["duration"] = frames / scene.get("fps", 60)
    if shadows is not None:
        scene["body"]["children"][0]["children"][1]["shadows"] = shadows
    scene["name"] = name
    path = os.path.join(tmp, name + ".json")
    with open(path, "w") as f:
        json.dump(scene, f)
    return path


def layer_blur_scene(tmp, label, radius):
    """The workload with its whole content in a full-canvas view blurred by `radius` points."""
    with open(WORKLOAD) as f:
        scene = json.load(f)
    body = scene["body"]
    body["frame"] = {"maxWidth": "infinity", "maxHeight": "infinity"}
    body["background"] = "#20202A"
    body["blur"] = radius
    scene["name"] = "layerblur-" + label
    path = os.path.join(tmp, scene["name"] + ".json")
    with open(path, "w") as f:
        json.dump(scene, f)
    return path


def render(args, scene, out, jobs, extra=(), binary=None):
    """One whole `render` run: end-to-end fps, the renderer's own stage timings, memory, bytes."""
    stdout, wall, rss = run_timed([binary or args.render, scene, "--out", out, "--jobs", str(jobs), "--timings"] + list(extra))
    # "120 of 360 frames (…) → … in 1.64 s, …" for part of a scene, "360 frames (…) → …" for all of it.
    head = re.search(r"(\d+)(?: of \d+)? frames? .* in ([\d.]+) s, ([\d.]+) frames/s, [\d.]+ MiB(?:, (\d+) reused)?", stdout)
    if not head:
        sys.exit(f"bench: cannot read render's summary:\n{stdout}")
    frames, reused = int(head.group(1)), int(head.group(4) or 0)
    stages = {m.group(1): float(m.group(2)) for m in re.finditer(r"^\s+(\w+)\s+([\d.]+) ms total", stdout, re.M)}
    drawn = max(frames - reused, 1)
    return {
        "frames": frames, "reused": reused, "drawn": frames - reused, "jobs": jobs,
        "wall_s": wall, "fps": frames / wall, "render_s": float(head.group(2)),
        "peak_rss_mib": rss / 1024, "png_bytes": png_bytes(out),
        "stage_ms_total": stages,
        # per drawn frame: reused frames only pay timeline, layout, display list and write
        "stage_ms_per_drawn_frame": {k: v / drawn for k, v in stages.items()},
    }


def peer(args, name, out, frames, jobs):
    script = next((os.path.join(d, PEERS[name]) for d in PEER_DIRS if d and os.path.exists(os.path.join(d, PEERS[name]))), None)
    if script is None:
        return {"error": f"{PEERS[name]} not found"}
    stdout, wall, rss = run_timed([sys.executable, script, "--out", out, "--frames", str(frames), "--jobs", str(jobs)])
    m = re.search(r"in ([\d.]+) s = ([\d.]+) frames/s", stdout)
    return {"frames": frames, "jobs": jobs, "wall_s": wall, "fps": float(m.group(2)), "fps_wall": frames / wall,
            "peak_rss_mib": rss / 1024, "png_bytes": png_bytes(out)}


def pixel_difference(ours, theirs, indices):
    """Mean absolute difference per channel (0-255 units) between render's and a peer's frames of the
    same index, averaged over the frames both wrote; None if Pillow or numpy is missing."""
    try:
        import numpy as np
        from PIL import Image
    except ImportError:
        return None
    diffs = {}
    for i in indices:
        name = f"frame_{i:05d}.png"
        a, b = os.path.join(ours, name), os.path.join(theirs, name)
        if not (os.path.exists(a) and os.path.exists(b)):
            continue
        x = np.asarray(Image.open(a).convert("RGBA"), dtype=np.float64)
        y = np.asarray(Image.open(b).convert("RGBA"), dtype=np.float64)
        if x.shape != y.shape:
            diffs[i] = [255.0] * 4
            continue
        diffs[i] = [float(v) for v in np.abs(x - y).mean(axis=(0, 1))]
    if not diffs:
        return None
    worst = max(max(v) for v in diffs.values())
    return {"per_frame_mean_abs_rgba": {str(k): v for k, v in diffs.items()}, "worst_channel_mean": worst,
            "within_1_of_255": worst <= 1.0}


def workload(args, tmp, label, scene, frames, render_extra=()):
    """render and the peers on the same frames, in this invocation."""
    d = lambda *p: os.path.join(tmp, label + "-" + p[0])
    w = {"frames": frames}
    print(f"bench: {label}: render, {frames} frames …", flush=True)
    w["render"] = render(args, scene, d("render"), args.jobs, render_extra)
    for name in args.peers:
        print(f"bench: {label}: peer {name} …", flush=True)
        w["peer_" + name] = peer(args, name, d(name), frames, args.jobs)
    w["ratios"] = ratios(w)
    if "cairo" in args.peers:
        w["pixels_vs_pycairo"] = pixel_difference(d("render"), d("cairo"), [i for i in PIXEL_CHECK_FRAMES if i < frames])
    return w


def ratios(w):
    out = {}
    for name in ("skia", "cairo"):
        p = w.get("peer_" + name)
        if p and "fps" in p:
            out[f"fps_ratio_{name}"] = w["render"]["fps"] / p["fps"]
            out[f"wall_ratio_{name}"] = p["wall_s"] / w["render"]["wall_s"]
            out[f"bytes_ratio_{name}"] = w["render"]["png_bytes"] / p["png_bytes"]
    return out


def same_bytes(a, b):
    names = sorted(f for f in os.listdir(a) if f.endswith(".png"))
    if names != sorted(f for f in os.listdir(b) if f.endswith(".png")):
        return False
    for n in names + ["manifest.json"]:
        with open(os.path.join(a, n), "rb") as x, open(os.path.join(b, n), "rb") as y:
            if x.read() != y.read():
                return False
    return True


def git_commit():
    try:
        return subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return "unknown"


def bench(args):
    tmp = args.keep or tempfile.mkdtemp(prefix="render-bench-")
    os.makedirs(tmp, exist_ok=True)
    d = lambda *p: os.path.join(tmp, *p)
    r = {"commit": git_commit(), "date": datetime.datetime.now().isoformat(timespec="seconds"),
         "frames": args.frames, "jobs": args.jobs, "cores": os.cpu_count()}
    scene = WORKLOAD if args.frames == 360 else scene_variant(tmp, "glow-unlock", frames=args.frames)

    print(f"bench: workload {args.frames} frames, --jobs {args.jobs} (results in {tmp})", flush=True)
    if args.frames > WINDOW:
        # The dynamic window: the same scene, only frames 0-119 (so the timeline is the whole one's).
        r["window"] = workload(args, tmp, "window", WORKLOAD if args.frames == 360 else scene, WINDOW,
                               ["--frames", f"0-{WINDOW - 1}"])
    whole = workload(args, tmp, "whole", scene, args.frames)
    for k in ("render", "pixels_vs_pycairo") + tuple("peer_" + n for n in args.peers):
        if k in whole:
            r[k] = whole[k]

    print("bench: same bytes at --jobs 1 …", flush=True)
    r["render_jobs1"] = render(args, scene, d("render-jobs1"), 1)
    r["identical_across_jobs"] = same_bytes(d("whole-render"), d("render-jobs1"))

    # The blur stage alone: one shadow at sigma = 240 px and at sigma = 8 px (sigma 80 and
    # 8/3 pt at scale 3, radius = sigma / 0.95 as the scene format says), over the charge frames
    # (31-126), which all differ, so none is reused.
    blur = {}
    for label, sigma in [("sigma240", 80), ("sigma8", 8 / 3)]:
        s = scene_variant(tmp, "blur-" + label, shadows=[{"color": "=alpha('accent', 0.5)", "radius": sigma / 0.95}])
        runs = [render(args, s, d("blur-" + label), 1, ["--frames", "31-126"]) for _ in range(1 if args.quick else 2)]
        blur[label + "_ms_per_frame"] = min(x["stage_ms_per_drawn_frame"].get("blur", 0) for x in runs)
    blur["ratio"] = blur["sigma240_ms_per_frame"] / max(blur["sigma8_ms_per_frame"], 1e-9)
    # The same pixel sigmas at scale 1 (radius 3x in points): a canvas of 390x844 px, so the sigma 240 shadow's
    # reach is cut by the canvas sooner.
    for label, sigma in [("sigma240", 240), ("sigma8", 8)]:
        s = scene_variant(tmp, "blur1-" + label, shadows=[{"color": "=alpha('accent', 0.5)", "radius": sigma / 0.95}])
        runs = [render(args, s, d("blur1-" + label), 1, ["--frames", "31-126", "--scale", "1"])
                for _ in range(1 if args.quick else 2)]
        blur["scale1_" + label + "_ms_per_frame"] = min(x["stage_ms_per_drawn_frame"].get("blur", 0) for x in runs)
    blur["scale1_ratio"] = blur["scale1_sigma240_ms_per_frame"] / max(blur["scale1_sigma8_ms_per_frame"], 1e-9)
    # The blur itself on a fixed region: a layer blur of the whole canvas (a full-canvas view
    # with `blur`), so input and output have the same size at both sigmas and only the cost's
    # dependence on sigma shows. (A shadow's output grows with its reach, 3 sigma each side.)
    for label, radius in [("sigma240", 80), ("sigma8", 8 / 3)]:
        s = layer_blur_scene(tmp, label, radius)
        runs = [render(args, s, d("layerblur-" + label), 1, ["--frames", "31-62"]) for _ in range(1 if args.quick else 2)]
        blur["layer_" + label + "_ms_per_frame"] = min(x["stage_ms_per_drawn_frame"].get("blur", 0) for x in runs)
    blur["layer_ratio"] = blur["layer_sigma240_ms_per_frame"] / max(blur["layer_sigma8_ms_per_frame"], 1e-9)
    r["blur"] = blur

    # Memory against frame count: bounded by jobs x frame size, not by frames.
    mem = {}
    for n in [60, 600]:
        s = scene_variant(tmp, f"glow-unlock-{n}", frames=n)
        mem[f"peak_rss_mib_{n}_frames"] = render(args, s, d(f"mem-{n}"), args.jobs)["peak_rss_mib"]
    r["memory"] = mem

    if os.path.exists(UNLOCK) and not args.quick and shutil.which("ffmpeg"):
        r["video"] = video_vs_png(args, tmp)

    if os.path.exists(UNLOCK) and not args.quick:
        r["test_vs_render"] = test_vs_render(args, tmp)
        print("bench: Scenes/unlock.json at scale 3 …", flush=True)
        r["unlock_scale3"] = render(args, UNLOCK, d("unlock"), args.jobs, ["--scale", "3"])
        if args.baseline:
            # Issue 35: the build before, on the same machine in the same run, and the same bytes or not.
            print(f"bench: Scenes/unlock.json at scale 3 with {args.baseline} …", flush=True)
            r["unlock_scale3_baseline"] = render(args, UNLOCK, d("unlock-baseline"), args.jobs, ["--scale", "3"],
                                                 binary=args.baseline)
            r["unlock_scale3_baseline"]["same_bytes"] = same_bytes(d("unlock"), d("unlock-baseline"))
            r["unlock_scale3_baseline"]["binary"] = args.baseline

    # Issue 35: the workload's stage times at scale 1 as well as at its own scale 3 (render only; the peers draw at 3).
    print("bench: workload at scale 1 …", flush=True)
    r["render_scale1"] = render(args, scene, d("render-scale1"), args.jobs, ["--scale", "1"])

    goals(r)
    if not args.keep:
        shutil.rmtree(tmp, ignore_errors=True)
    return r


def video_vs_png(args, tmp, rounds=3):
    """Issue 18: Scenes/unlock.json (600 frames at 60 fps) as the PNG sequence and as mp4, alternating, `rounds` each;
    wall and CPU (render plus ffmpeg) of every run, and the medians."""
    print(f"bench: Scenes/unlock.json as PNG frames and as mp4, {rounds} alternating rounds …", flush=True)
    runs = {"png": [], "mp4": []}
    for _ in range(rounds):
        for kind, out in (("png", os.path.join(tmp, "video-png")), ("mp4", os.path.join(tmp, "video.mp4"))):
            _, wall, rss, cpu = run_timed([args.render, UNLOCK, "--out", out, "--jobs", str(args.jobs), "--quiet"], cpu=True)
            runs[kind].append({"wall_s": wall, "cpu_s": cpu, "peak_rss_mib": rss / 1024})
    median = lambda xs: sorted(xs)[len(xs) // 2]
    v = {"rounds": rounds, "runs": runs, "mp4_bytes": os.path.getsize(os.path.join(tmp, "video.mp4")),
         "png_bytes": png_bytes(os.path.join(tmp, "video-png"))}
    for kind in runs:
        v[kind + "_median_wall_s"] = median([x["wall_s"] for x in runs[kind]])
        v[kind + "_median_cpu_s"] = median([x["cpu_s"] for x in runs[kind]])
    v["mp4_over_png_wall"] = v["mp4_median_wall_s"] / v["png_median_wall_s"]
    v["mp4_over_png_cpu"] = v["mp4_median_cpu_s"] / v["png_median_cpu_s"]
    return v


def test_vs_render(args, tmp, rounds=5):
    """Issues 24 and 25: `render test` of Scenes/unlock.json, unchanged (full fps, the scene's scale), against goldens
    that the same binary recorded with the same options, and rendering it to PNG frames; alternating, `rounds` each,
    wall time of every run and the medians."""
    print(f"bench: render test of Scenes/unlock.json against its own goldens and render to PNG frames, {rounds} "
          "alternating rounds …", flush=True)
    golden, frames, artifacts = (os.path.join(tmp, n) for n in ("test-goldens", "test-render", "test-artifacts"))
    test = [args.render, "test", UNLOCK, "--golden", golden, "--artifacts", artifacts, "--jobs", str(args.jobs), "--quiet"]
    run_timed(test + ["--record", "all"])
    runs = {"render": [], "test": []}
    for _ in range(rounds):
        for kind, cmd in (("render", [args.render, UNLOCK, "--out", frames, "--jobs", str(args.jobs), "--quiet"]),
                          ("test", test + ["--record", "never"])):  # exits 0: every frame matches
            _, wall, _, cpu = run_timed(cmd, cpu=True)
            runs[kind].append({"wall_s": wall, "cpu_s": cpu})
    median = lambda xs: sorted(xs)[len(xs) // 2]
    t = {"rounds": rounds, "jobs": args.jobs, "runs": runs}
    for kind in runs:
        t[kind + "_median_wall_s"] = median([x["wall_s"] for x in runs[kind]])
        t[kind + "_median_cpu_s"] = median([x["cpu_s"] for x in runs[kind]])
    t["test_over_render"] = t["test_median_wall_s"] / t["render_median_wall_s"]
    t["test_over_render_cpu"] = t["test_median_cpu_s"] / t["render_median_cpu_s"]
    t["motion_only"] = motion_only_all_scenes(args, tmp)
    return t


def motion_only_all_scenes(args, tmp, rounds=3):
    """Issue 25: `render test --motion-only` of every scene in Scenes/ against motion goldens the same binary recorded
    (nothing drawn, the .test.json expectations checked where there are some): the wall and CPU time of each check,
    summed over the scenes, one after another as a CI job would run them; `rounds` such sums, their best and median."""
    scenes = sorted(n for n in os.listdir(os.path.join(ROOT, "Scenes")) if n.endswith(".json")
                    and not n.endswith(".schema.json") and not n.endswith(".test.json"))
    base = {}
    for name in scenes:
        scene = os.path.join(ROOT, "Scenes", name)
        golden = os.path.join(tmp, "motion-" + name[:-5])
        base[name] = [args.render, "test", scene, "--golden", golden, "--motion-only", "--quiet",
                      "--artifacts", os.path.join(tmp, "motion-artifacts")]
        run_timed(base[name] + ["--record", "all"])
    sums = []
    for _ in range(rounds):
        wall = cpu = 0.0
        for name in scenes:
            _, w, _, c = run_timed(base[name] + ["--record", "never"], cpu=True)
            wall += w
            cpu += c
        sums.append({"wall_s": wall, "cpu_s": cpu})
    median = lambda xs: sorted(xs)[len(xs) // 2]
    return {"scenes": len(scenes), "rounds": rounds, "runs": sums,
            "wall_s": median([x["wall_s"] for x in sums]), "best_wall_s": min(x["wall_s"] for x in sums),
            "cpu_s": median([x["cpu_s"] for x in sums]), "best_cpu_s": min(x["cpu_s"] for x in sums)}


def test_vs_render_report(t):
    """The measured line and the two goal lines of test_vs_render."""
    walls = lambda kind: ", ".join(f"{x['wall_s']:.2f}" for x in t["runs"][kind])
    measured = (f"Scenes/unlock.json unchanged, --jobs {t['jobs']}, median of {t['rounds']} alternating runs: render to "
                f"PNG frames {t['render_median_wall_s']:.2f} s wall ({walls('render')}), {t['render_median_cpu_s']:.2f} s "
                f"CPU; render test against its own goldens {t['test_median_wall_s']:.2f} s wall ({walls('test')}), "
                f"{t['test_median_cpu_s']:.2f} s CPU (test / render {t['test_over_render_cpu']:.2f} in CPU)\n"
                f"render test --motion-only of all {t['motion_only']['scenes']} scenes one after another, "
                f"{t['motion_only']['rounds']} rounds: {t['motion_only']['wall_s']:.2f} s wall median, "
                f"{t['motion_only']['best_wall_s']:.2f} best; {t['motion_only']['cpu_s']:.2f} s CPU median, "
                f"{t['motion_only']['best_cpu_s']:.2f} best")
    goal_lines = [f"  {label}: {value:.2f} (goal ≤ {goal})  {'met' if value <= goal else 'NOT met'}" for label, value, goal in (
        ("render test / render, unchanged unlock (issue 24)", t["test_over_render"], 1.3),
        # Issue 25: unchanged frames cost nothing (display-list hashes against the goldens', no drawing).
        ("render test / render, unchanged unlock goldens (issue 25)", t["test_over_render"], 0.10),
        (f"render test --motion-only of all {t['motion_only']['scenes']} scenes, seconds in all (issue 25)",
         t["motion_only"]["wall_s"], 2.0))]
    return measured, goal_lines


def goals(r):
    ours = r["render"]
    st = ours["stage_ms_total"]
    other = sum(v for k, v in st.items() if k != "encode")
    g = {"non_encode_ms_total": other, "encode_ms_total": st.get("encode", 0),
         "non_encode_under_encode": other < st.get("encode", 0),
         "identical_across_jobs": r["identical_across_jobs"],
         "blur_ratio_under_2": r["blur"]["ratio"] < 2,
         "layer_blur_ratio_under_2": r["blur"]["layer_ratio"] < 2}
    g.update(ratios(r))
    if r.get("pixels_vs_pycairo"):
        g["pixels_within_1_of_255_of_pycairo"] = r["pixels_vs_pycairo"]["within_1_of_255"]
    if "fps_ratio_skia" in g:
        g["fps_at_least_8x_skia"] = g["fps_ratio_skia"] >= 8
        g["bytes_at_most_1.25x_skia"] = g["bytes_ratio_skia"] <= 1.25
    # The frames that change (issue 15): wall-time ratios and bytes of the dynamic window, from this invocation.
    w = r.get("window", {})
    for peer, key in (("skia", "peer_skia"), ("cairo", "peer_cairo")):
        if key in w and "error" not in w[key]:
            g[f"window_wall_ratio_{peer}"] = w[key]["wall_s"] / w["render"]["wall_s"]
            g[f"window_bytes_ratio_{peer}"] = w["render"]["png_bytes"] / w[key]["png_bytes"]
        if key in r and "error" not in r[key]:
            g[f"whole_wall_ratio_{peer}"] = r[key]["wall_s"] / r["render"]["wall_s"]
    r["goals"] = g


def report_workload(title, w):
    o = w["render"]
    print(f"\n== {title}")
    print(f"{'':14}{'frames/s':>10}{'wall s':>9}{'peak MiB':>10}{'PNG bytes':>13}{'render x':>10}{'x wall':>8}")
    rows = [("render", o)] + [(n, w[k]) for n, k in (("skia-python", "peer_skia"), ("pycairo", "peer_cairo")) if k in w]
    for name, x in rows:
        if "error" in x:
            print(f"{name:14}{x['error']}")
            continue
        print(f"{name:14}{x['fps']:10.2f}{x['wall_s']:9.2f}{x['peak_rss_mib']:10.1f}{x['png_bytes']:13,}"
              f"{o['png_bytes'] / x['png_bytes']:10.3f}{x['wall_s'] / o['wall_s']:8.2f}")
    print("(render x: render's bytes / theirs; x wall: their wall time / render's, both from this invocation;")
    print(" frames/s: render's over its whole process, the peers' their own figure without Python's start-up)")
    print(f"render stages ({o['drawn']} frames drawn, {o['reused']} reused; ms):")
    print(f"  {'stage':12}{'total':>10}{'per drawn':>11}{'per frame':>11}")
    for s in STAGES:
        t = o["stage_ms_total"].get(s, 0)
        print(f"  {s:12}{t:10.1f}{t / max(o['drawn'], 1):11.2f}{t / o['frames']:11.2f}")
    px = w.get("pixels_vs_pycairo")
    if px:
        print(f"pixels vs pycairo: worst mean |difference| of a channel {px['worst_channel_mean']:.3f}/255 over frames "
              f"{', '.join(px['per_frame_mean_abs_rgba'])} (goal <= 1): {'met' if px['within_1_of_255'] else 'NOT met'}")


def report(r):
    if "window" in r:
        report_workload(f"glow-unlock dynamic window: frames 0-{WINDOW - 1}, --jobs {r['jobs']} ({r['cores']} cores), "
                        f"commit {r['commit']}", r["window"])
    report_workload(f"glow-unlock whole: {r['frames']} frames, --jobs {r['jobs']} ({r['cores']} cores), commit {r['commit']}",
                    r)
    print()
    g = r["goals"]
    print(f"\nblur stage, one shadow, ms per frame: sigma 240 px {r['blur']['sigma240_ms_per_frame']:.2f}, "
          f"sigma 8 px {r['blur']['sigma8_ms_per_frame']:.2f}, ratio {r['blur']['ratio']:.2f} (output area grows with 3 sigma)")
    print(f"same at scale 1: sigma 240 px {r['blur']['scale1_sigma240_ms_per_frame']:.2f}, "
          f"sigma 8 px {r['blur']['scale1_sigma8_ms_per_frame']:.2f}, ratio {r['blur']['scale1_ratio']:.2f}")
    print(f"blur stage, full-canvas layer blur, ms per frame: sigma 240 px {r['blur']['layer_sigma240_ms_per_frame']:.2f}, "
          f"sigma 8 px {r['blur']['layer_sigma8_ms_per_frame']:.2f}, ratio {r['blur']['layer_ratio']:.2f} (goal < 2)")
    m = r["memory"]
    print(f"peak RSS: 60 frames {m['peak_rss_mib_60_frames']:.1f} MiB, 600 frames {m['peak_rss_mib_600_frames']:.1f} MiB "
          f"(--jobs {r['jobs']})")
    print(f"same bytes at --jobs 1 and --jobs {r['jobs']}: {'yes' if r['identical_across_jobs'] else 'NO'}")
    if "unlock_scale3" in r:
        u = r["unlock_scale3"]
        print(f"Scenes/unlock.json at scale 3: {u['frames']} frames, {u['fps']:.1f} frames/s, {u['png_bytes']:,} bytes, "
              f"peak {u['peak_rss_mib']:.1f} MiB, ms per drawn frame: "
              + ", ".join(f"{s} {u['stage_ms_per_drawn_frame'].get(s, 0):.2f}" for s in STAGES))
    if "unlock_scale3_baseline" in r:
        b, u = r["unlock_scale3_baseline"], r["unlock_scale3"]
        print(f"  the build before ({b.get('binary', 'baseline')}): {b['fps']:.1f} frames/s, ms per drawn frame: "
              + ", ".join(f"{s} {b['stage_ms_per_drawn_frame'].get(s, 0):.2f}" for s in STAGES)
              + f"; now / before {u['fps'] / b['fps']:.2f}x (goal >= 2), same bytes: {'yes' if b['same_bytes'] else 'NO'}")
    if "unlock_scale3" in r:
        u = r["unlock_scale3"]
        for name, key in (("skia-python", "peer_skia"), ("pycairo", "peer_cairo")):
            if key in r and "fps" in r[key]:
                print(f"  against {name} drawing the glow-unlock workload at scale 3 in this run ({r[key]['fps']:.1f} "
                      f"frames/s; the peers draw only that scene): {u['fps'] / r[key]['fps']:.2f}x")
        st = u["stage_ms_total"]
        rest = sum(v for k, v in st.items() if k != "encode")
        print(f"  unlock at scale 3, all stages but encoding {rest:.0f} ms < encoding {st.get('encode', 0):.0f} ms: "
              f"{'met' if rest < st.get('encode', 0) else 'NOT met'}")
    if "render_scale1" in r:
        o = r["render_scale1"]
        print(f"glow-unlock at scale 1: {o['fps']:.1f} frames/s, ms per drawn frame: "
              + ", ".join(f"{s} {o['stage_ms_per_drawn_frame'].get(s, 0):.2f}" for s in STAGES)
              + " (scale 3: the stage table above)")
    if "video" in r:
        v = r["video"]
        print(f"Scenes/unlock.json, 600 frames, --jobs {r['jobs']}, median of {v['rounds']} alternating runs: PNG sequence "
              f"{v['png_median_wall_s']:.2f} s wall, {v['png_median_cpu_s']:.2f} s CPU, {v['png_bytes']:,} bytes; mp4 "
              f"{v['mp4_median_wall_s']:.2f} s wall, {v['mp4_median_cpu_s']:.2f} s CPU (render + ffmpeg), {v['mp4_bytes']:,} bytes")
    if "test_vs_render" in r:
        print(test_vs_render_report(r["test_vs_render"])[0])
    print("\ngoals:")
    if "fps_ratio_skia" in g:
        print(f"  frames/s vs skia-python  {g['fps_ratio_skia']:6.2f}x  (goal >= 8)     {'met' if g['fps_at_least_8x_skia'] else 'NOT met'}")
        print(f"  PNG bytes vs skia-python {g['bytes_ratio_skia']:6.3f}x (goal <= 1.25)  {'met' if g['bytes_at_most_1.25x_skia'] else 'NOT met'}")
    if "fps_ratio_cairo" in g:
        print(f"  frames/s vs pycairo      {g['fps_ratio_cairo']:6.2f}x, PNG bytes {g['bytes_ratio_cairo']:.3f}x")
    checks = [("window_wall_ratio_skia", "frames 0-119, wall vs skia-python", ">=", 8),
              ("window_wall_ratio_cairo", "frames 0-119, wall vs pycairo", ">=", 4),
              ("window_bytes_ratio_cairo", "frames 0-119, PNG bytes / pycairo's", "<=", 1.0),
              ("whole_wall_ratio_skia", "whole workload, wall vs skia-python", ">=", 20)]
    for key, label, op, goal in checks:
        if key in g:
            ok = g[key] >= goal if op == ">=" else g[key] <= goal
            print(f"  {label:40} {g[key]:6.2f}x (goal {op} {goal})  {'met' if ok else 'NOT met'}")
    if "video" in r:
        v = r["video"]
        print(f"  {'mp4 / PNG sequence, wall (issue 18)':40} {v['mp4_over_png_wall']:6.2f}x (goal < 1)  "
              f"{'met' if v['mp4_over_png_wall'] < 1 else 'NOT met'}; CPU {v['mp4_over_png_cpu']:.2f}x")
    if "test_vs_render" in r:
        print("\n".join(test_vs_render_report(r["test_vs_render"])[1]))
    print(f"  all but encoding {g['non_encode_ms_total']:.0f} ms < encoding {g['encode_ms_total']:.0f} ms: "
          f"{'met' if g['non_encode_under_encode'] else 'NOT met'}")
    print(f"  blur sigma 240 / sigma 8, one shadow = {r['blur']['ratio']:.2f} < 2: {'met' if g['blur_ratio_under_2'] else 'NOT met'}")
    print(f"  blur sigma 240 / sigma 8, full-canvas layer blur = {r['blur']['layer_ratio']:.2f} < 2: "
          f"{'met' if g['layer_blur_ratio_under_2'] else 'NOT met'}")


def compare(a_path, b_path):
    """Side by side: the headline figures of two result files."""
    a, b = (json.load(open(p)) for p in (a_path, b_path))
    def rows(r):
        o = r["render"]
        out = {"frames/s": o["fps"], "PNG bytes": o["png_bytes"], "peak MiB": o["peak_rss_mib"],
               "blur ratio": r["blur"]["ratio"]}
        out.update({f"{s} ms/drawn": o["stage_ms_per_drawn_frame"].get(s, 0) for s in STAGES})
        for n in ("skia", "cairo"):
            if f"fps_ratio_{n}" in r["goals"]:
                out[f"x {n} frames/s"] = r["goals"][f"fps_ratio_{n}"]
                out[f"x {n} bytes"] = r["goals"][f"bytes_ratio_{n}"]
        return out
    def window_rows(r):
        w = r.get("window")
        if not w:
            return {}
        o = w["render"]
        out = {"window frames/s": o["fps"], "window PNG bytes": o["png_bytes"]}
        out.update({f"window {s} ms/drawn": o["stage_ms_per_drawn_frame"].get(s, 0) for s in STAGES})
        for k, v in w.get("ratios", {}).items():
            out["window " + k] = v
        return out
    ra, rb = rows(a), rows(b)
    ra.update(window_rows(a))
    rb.update(window_rows(b))
    print(f"{'':28}{a['commit']:>14}{b['commit']:>14}{'new/old':>10}")
    for k in ra:
        if k in rb:
            print(f"{k:28}{ra[k]:14.3f}{rb[k]:14.3f}{(rb[k] / ra[k] if ra[k] else float('nan')):10.3f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--frames", type=int, default=int(os.environ.get("BENCH_FRAMES", 360)))
    ap.add_argument("--jobs", type=int, default=int(os.environ.get("BENCH_JOBS", 2)))
    ap.add_argument("--render", default=os.path.join(ROOT, ".build", "release", "render"))
    ap.add_argument("--peers", default=os.environ.get("BENCH_PEERS", "skia,cairo"))
    ap.add_argument("--keep", help="keep the rendered frames in this folder")
    ap.add_argument("--quick", action="store_true", help="one blur run each, no Scenes/unlock.json")
    ap.add_argument("--baseline", default=os.environ.get("BENCH_BASELINE"),
                    help="a render binary built before a change: Scenes/unlock.json at scale 3 with it too (issue 35)")
    ap.add_argument("--compare", nargs=2, metavar=("OLD", "NEW"))
    ap.add_argument("--test-vs-render", action="store_true", help="time only render test against render (issues 24, 25)")
    args = ap.parse_args()
    if args.compare:
        return compare(*args.compare)
    args.peers = [p for p in args.peers.split(",") if p]
    if not os.path.exists(TIME):
        sys.exit("bench: GNU time (/usr/bin/time) is missing: apt-get install time")
    if args.test_vs_render:
        tmp = tempfile.mkdtemp(prefix="render-bench-")
        try:
            measured, goal_lines = test_vs_render_report(test_vs_render(args, tmp))
            return print("\n".join([measured] + goal_lines))
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    r = bench(args)
    report(r)
    os.makedirs(os.path.join(HERE, "results"), exist_ok=True)
    path = os.path.join(HERE, "results", f"{datetime.datetime.now():%Y%m%d-%H%M%S}-{r['commit']}.json")
    with open(path, "w") as f:
        json.dump(r, f, indent=2)
    print(f"\nwrote {os.path.relpath(path, ROOT)}")


if __name__ == "__main__":
    main()
