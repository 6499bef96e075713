// Nothing of this feature is used elsewhere yet: the router loads its pages by path.
export {};
