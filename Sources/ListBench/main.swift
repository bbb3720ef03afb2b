// ListServer — ListBench
print("ListBench")
