#!/usr/bin/env python3
"""A tabula bot in Python that plays random legal moves.

It knows no rules itself: it keeps a `tabula engine` child process in step with the game
and asks it for the legal moves when its own `genmove` comes. Replace random.choice with
your own judgement. Set TABULA to the tabula binary if it is not on your PATH.

    tabula play nardy --seat "black=engine:python3 examples/oracle_bot.py"
"""
import os
import random
import subprocess
import sys

oracle = subprocess.Popen(
    [os.environ.get("TABULA", "tabula"), "engine"],
    stdin=subprocess.PIPE,
    stdout=subprocess.PIPE,
    text=True,
)


def ask(command):
    """Sends a command to the oracle; returns (success, reply lines)."""
    oracle.stdin.write(command + "\n")
    oracle.stdin.flush()
    lines = []
    while True:
        line = oracle.stdout.readline()
        if line in ("\n", ""):
            break
        lines.append(line.rstrip("\n"))
    success = lines[0].startswith("=")
    lines[0] = lines[0][1:].strip()
    return success, [line for line in lines if line]


def reply(ident, success, text=""):
    mark = "=" if success else "?"
    print(f"{mark}{ident} {text}".rstrip() + "\n", flush=True)


for line in sys.stdin:
    words = line.split()
    if not words or words[0].startswith("#"):
        continue
    ident = words.pop(0) if words[0].isdigit() else ""
    if not words:
        continue
    name, rest = words[0], " ".join(words[1:])
    if name == "protocol_version":
        reply(ident, True, "1")
    elif name == "name":
        reply(ident, True, "python-random")
    elif name in ("newgame", "setpos", "dice", "play"):
        success, lines = ask(f"{name} {rest}")
        reply(ident, success, " ".join(lines))
    elif name == "genmove":
        success, choices = ask("legal")
        if not success:
            reply(ident, False, " ".join(choices))
            continue
        choice = random.choice(choices)
        if choice != "roll":
            ask(f"play {choice}")
        reply(ident, True, choice)
    elif name == "quit":
        reply(ident, True)
        break
    else:
        reply(ident, False, f"unknown command: {name}")
oracle.stdin.close()
