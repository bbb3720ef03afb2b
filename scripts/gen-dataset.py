#!/usr/bin/env python3
# ListServer — scripts
"""Writes a friends-kind JSON dataset for the load test: GROUPS groups of PER_GROUP friends.

Usage: gen-dataset.py OUT.json [--groups 10000] [--per-group 100] [--seed 1]

The content is deterministic for a seed: names mix Latin and CJK text, about half the friends have
an intro, one in seven is a VIP, and a few names carry HTML-special characters.
"""
import argparse
import json
import random

GIVEN = ["Ava", "Ben", "Chloe", "Dan", "Ethan", "Fay", "Gus", "Hana", "Ivy", "Jack", "Kai", "Lena",
         "Mia", "Noah", "Owen", "Pia", "Quinn", "Rosa", "Sam", "Tara", "Uma", "Vic", "Wen", "Yui", "Zoe"]
FAMILY = ["Li", "Wang", "Zhang", "Liu", "Chen", "Yang", "Zhao", "Huang", "Martin", "Smith", "Garcia",
          "Müller", "Rossi", "Sato", "Kim", "Novak", "Silva", "Dubois"]
CJK = ["林小雨", "王大锤", "苏晴", "阿杰", "陈一", "赵六", "周周", "吴桐", "郑好", "钱多多"]
INTROS = ["Half marathon in April — wish me luck", "下雨天适合写代码，也适合发呆。", "猫比人可爱，这是事实",
          "Coffee first, questions later.", "Paris → Shanghai", "On a boat until Friday",
          "Building a tiny house, one nail at a time", "今天也要元气满满！", "Ask me about sourdough",
          "Back in the office on Monday"]
GROUPS = ["Close Friends", "Colleagues", "Family", "Classmates", "Climbing Club", "Neighbours",
          "Book Club", "Team", "我的好友", "同学", "家人"]


def friend(rng, index):
    if index % 997 == 0:
        name = f'<b>{rng.choice(GIVEN)} & "{rng.choice(FAMILY)}"</b>'
    elif rng.random() < 0.2:
        name = f"{rng.choice(CJK)} {rng.choice(GIVEN)}"
    else:
        name = f"{rng.choice(GIVEN)} {rng.choice(FAMILY)}"
    item = {"name": name, "icon": f"friend-{rng.randint(1, 12):02d}"}
    if rng.random() < 0.5:
        item["intro"] = rng.choice(INTROS)
    item["vip"] = rng.random() < 1 / 7
    return item


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--groups", type=int, default=10_000)
    parser.add_argument("--per-group", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    counter = 0
    with open(args.out, "w", encoding="utf-8") as out:
        out.write("[\n")
        for g in range(args.groups):
            friends = []
            for _ in range(args.per_group):
                friends.append(friend(rng, counter))
                counter += 1
            group = {"name": f"{rng.choice(GROUPS)} {g + 1}", "online": rng.randint(0, args.per_group),
                     "friends": friends}
            out.write(json.dumps(group, ensure_ascii=False, separators=(",", ":")))
            out.write(",\n" if g + 1 < args.groups else "\n")
        out.write("]\n")


if __name__ == "__main__":
    main()
