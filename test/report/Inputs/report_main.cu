// The host program of a link line with several sources: no kernel of its own.
int main() { return 0; }
